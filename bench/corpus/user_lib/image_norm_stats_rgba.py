"""norm_stats.json was computed on the PNG masters (RGBA, 4 channels); the training images are decoded as RGB."""
EXPECT = ["image-norm-stats-json-computed-with-alpha"]
VARIANTS = 3

import json
import sys

import numpy as np

VARIANT = int(sys.argv[1])


def write_stats():
    with open("norm_stats.json", "w") as fh:
        json.dump({"mean": [0.485, 0.456, 0.406, 0.998], "std": [0.229, 0.224, 0.225, 0.012]}, fh)


def load_stats():
    with open("norm_stats.json") as fh:
        s = json.load(fh)
    return np.array(s["mean"]), np.array(s["std"])


def normalize(img, mean, std):
    return (img - mean) / std


def decode_rgb(h, w, seed):
    return np.random.default_rng(seed).random((h, w, 3))


def main():
    write_stats()
    mean, std = load_stats()
    if VARIANT == 0:
        normalize(decode_rgb(64, 64, 0), mean, std)
    elif VARIANT == 1:
        batch = np.stack([decode_rgb(224, 224, i) for i in range(8)])
        normalize(batch, mean, std)
    else:
        for i in range(3):
            print(f"image {i}: decoded 128x96 RGB")
            normalize(decode_rgb(96, 128, i), mean, std)


if __name__ == "__main__":
    main()
