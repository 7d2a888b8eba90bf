"""Images saved with np.save are read back with np.fromfile, which also returns the .npy header bytes."""
# beside: image-shards-written-256-read-as-224
# why: the extra bytes are the .npy file header read as pixels; the images are 224x224, no preprocessing size changed.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])

os.makedirs("cache", exist_ok=True)
rng = np.random.default_rng(VARIANT)
size = {0: 224, 1: 128}[VARIANT]
for i in range(4):
    np.save(f"cache/img_{i}.npy", rng.integers(0, 256, (3, size, size), dtype=np.uint8))

if VARIANT == 1:
    print("loading cached crops")
batch = np.stack([np.fromfile(f"cache/img_{i}.npy", dtype=np.uint8).reshape(3, size, size) for i in range(4)])
