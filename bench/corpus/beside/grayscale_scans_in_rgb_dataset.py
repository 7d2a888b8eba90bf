"""A few scans in the image folder are single-channel grayscale; the dataset reshapes every raw file to 3x224x224."""
# beside: image-shards-written-256-read-as-224
# why: the odd size is a 1-channel image among RGB ones (224x224x1), not shards regenerated at a larger image_size.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])

os.makedirs("scans", exist_ok=True)
rng = np.random.default_rng(VARIANT)
gray = {0: {3}, 1: {11, 17}}[VARIANT]
for i in range({0: 6, 1: 20}[VARIANT]):
    channels = 1 if i in gray else 3
    rng.integers(0, 256, (channels, 224, 224), dtype=np.uint8).tofile(f"scans/{i:04d}.raw")

files = sorted(os.listdir("scans"))
for n, name in enumerate(files):
    img = np.fromfile(os.path.join("scans", name), dtype=np.uint8).reshape(3, 224, 224)
    if VARIANT == 1 and n % 5 == 0:
        print(f"{n}/{len(files)} images")
