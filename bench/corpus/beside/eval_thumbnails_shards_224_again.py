"""A teammate's eval-gallery script reads the val shards regenerated at preprocess.yaml's new image_size 256 with its own hard-coded 224."""
# beside: image-shards-written-256-read-as-224
# why: preprocess.yaml's image_size was raised to 256 and the shards regenerated, while this reader still reshapes to a hard-coded 3x224x224, the entry's cause and fix.
EXPECT = ["image-shards-written-256-read-as-224"]
VARIANTS = 2

import os
import sys

import numpy as np
import yaml

VARIANT = int(sys.argv[1])
SIZE = 224  # tools/eval_gallery.py


def preprocess(out_dir, n):
    with open("preprocess.yaml", "w") as fh:
        fh.write("image_size: 256\nformat: raw_chw_uint8\nsplits: [train, val]\n")
    with open("preprocess.yaml") as fh:
        size = yaml.safe_load(fh)["image_size"]
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.default_rng(11)
    for i in range(n):
        rng.integers(0, 256, (3, size, size), dtype=np.uint8).tofile(os.path.join(out_dir, f"{i:06d}.raw"))


def load_shard(path):
    return np.fromfile(path, dtype=np.uint8).reshape(3, SIZE, SIZE)


def gallery(root, k):
    files = sorted(os.listdir(root))[:k]
    tiles = [load_shard(os.path.join(root, f)).transpose(1, 2, 0) for f in files]
    return np.concatenate(tiles, axis=1)


def main():
    root = {0: "shards/val", 1: "data/shards/val"}[VARIANT]
    preprocess(root, {0: 6, 1: 24}[VARIANT])
    if VARIANT == 1:
        print("eval gallery for run convnext-256-r2")
        print(f"{len(os.listdir(root))} val images")
    gallery(root, {0: 4, 1: 16}[VARIANT])


if __name__ == "__main__":
    main()
