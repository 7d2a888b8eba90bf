"""The augmentation review tool saves a preview of each augmented sample; the new random-brightness step multiplies the uint8 image by a float factor and clips, which returns float64."""
# beside: sample-dump-load-image-now-returns-normalized-float
# why: load_image still returns uint8 here; the float array comes from the team's new brightness augmentation (np.clip of img * factor) never cast back to uint8, so the fix is in the augmentation, not in the shared loader's normalization.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
from PIL import Image

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(VARIANT)


def make_photos(folder, n):
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        Image.fromarray(rng.integers(0, 256, (200, 240, 3), dtype=np.uint8)).save(os.path.join(folder, f"item_{i:04d}.jpg"))
    return sorted(os.path.join(folder, f) for f in os.listdir(folder))


def load_image(path):
    return np.asarray(Image.open(path).convert("RGB").resize((160, 160)))


def hflip(img):
    return img[:, ::-1]


def random_brightness(img, low=0.7, high=1.3):
    return np.clip(img * rng.uniform(low, high), 0, 255)


def save_preview(array, out_path):
    Image.fromarray(array).save(out_path)


def review_augmentations(paths, out_dir, pipeline):
    os.makedirs(out_dir, exist_ok=True)
    for path in paths:
        img = load_image(path)
        for step in pipeline:
            img = step(img)
        save_preview(img, os.path.join(out_dir, os.path.basename(path).replace(".jpg", "_aug.png")))
        print("preview", path)


if __name__ == "__main__":
    paths = make_photos({0: "data/catalog/images", 1: "datasets/shoes_v3/train"}[VARIANT], 5)
    pipeline = {0: [random_brightness], 1: [hflip, random_brightness]}[VARIANT]
    review_augmentations(paths, {0: "previews/aug", 1: "review/aug_shoes_v3"}[VARIANT], pipeline)
