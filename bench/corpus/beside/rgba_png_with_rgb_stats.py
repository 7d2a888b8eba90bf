"""Some product photos are PNGs with an alpha channel and are decoded as RGBA, while the normalization stats have the three RGB values."""
# beside: image-norm-stats-json-computed-with-alpha
# why: the stats are correct (3 channels); the images themselves have a fourth (alpha) channel, so it is not stats computed on RGBA masters.
EXPECT = []
VARIANTS = 2

import json
import sys

import numpy as np

VARIANT = int(sys.argv[1])

with open("norm_stats.json", "w") as fh:
    json.dump({"mean": [0.485, 0.456, 0.406], "std": [0.229, 0.224, 0.225]}, fh)
with open("norm_stats.json") as fh:
    stats = json.load(fh)
mean, std = np.array(stats["mean"]), np.array(stats["std"])

rng = np.random.default_rng(VARIANT)
size = {0: 64, 1: 96}[VARIANT]
images = [rng.integers(0, 256, (size, size, 3), dtype=np.uint8) for _ in range(3)]
images.append(rng.integers(0, 256, (size, size, 4), dtype=np.uint8))  # a PNG with transparency

for i, img in enumerate(images):
    if VARIANT == 1:
        print(f"normalizing image {i}")
    x = (img / 255.0 - mean) / std
