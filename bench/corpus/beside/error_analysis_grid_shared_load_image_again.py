"""A teammate's error-analysis report tiles the misclassified product photos into one contact sheet, reading each photo with the shared load_image, which now returns the normalized float image."""
# beside: sample-dump-load-image-now-returns-normalized-float
# why: the same fault: since the 'normalize in the loader' change, load_image returns ImageNet-normalized float64 and a caller still turns its result into a PIL image; same fix, a uint8 decode path for previews.
EXPECT = ["sample-dump-load-image-now-returns-normalized-float"]
VARIANTS = 2

import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
MEAN = np.array([0.485, 0.456, 0.406])
STD = np.array([0.229, 0.224, 0.225])
THUMB = {0: 128, 1: 96}[VARIANT]


def load_image(path, size=THUMB):
    """Shared loader: decode, resize, normalize with the ImageNet stats."""
    img = Image.open(path).convert("RGB").resize((size, size))
    return (np.asarray(img) / 255.0 - MEAN) / STD


def write_photos(folder, n, seed):
    rng = np.random.default_rng(seed)
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        Image.fromarray(rng.integers(0, 256, (180, 180, 3), dtype=np.uint8)).save(f"{folder}/sku_{1000 + i}.jpg")
    return [f"{folder}/sku_{1000 + i}.jpg" for i in range(n)]


def contact_sheet(paths, cols):
    tiles = [load_image(p) for p in paths]
    rows = [np.concatenate(tiles[i:i + cols], axis=1) for i in range(0, len(tiles) - cols + 1, cols)]
    return Image.fromarray(np.concatenate(rows, axis=0))


if __name__ == "__main__":
    misclassified = write_photos({0: "eval/errors/shoes", 1: "eval/errors/bags"}[VARIANT], {0: 8, 1: 12}[VARIANT], VARIANT)
    print(f"{len(misclassified)} misclassified photos")
    os.makedirs("reports", exist_ok=True)
    contact_sheet(misclassified, cols=4).save(f"reports/errors_{VARIANT}.png")
