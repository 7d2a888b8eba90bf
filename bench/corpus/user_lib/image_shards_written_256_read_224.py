"""preprocess.yaml's image_size was raised to 256 for the new backbone; the training dataset still decodes the raw uint8 shards as 3x224x224."""
EXPECT = ["image-shards-written-256-read-as-224"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import yaml

VARIANT = int(sys.argv[1])
IMAGE_SIZE = 224  # datasets/shards.py


def preprocess(out_dir, n):
    """The preprocessing job: resizes each image to preprocess.yaml's image_size and writes raw CHW uint8 bytes."""
    with open("preprocess.yaml", "w") as fh:
        fh.write("image_size: 256  # was 224; the convnext backbone wants 256\nformat: raw_chw_uint8\n")
    with open("preprocess.yaml") as fh:
        size = yaml.safe_load(fh)["image_size"]
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    for i in range(n):
        rng.integers(0, 256, (3, size, size), dtype=np.uint8).tofile(os.path.join(out_dir, f"{i:06d}.raw"))


class ShardDataset:
    def __init__(self, root):
        self.files = sorted(os.path.join(root, f) for f in os.listdir(root))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        with open(self.files[i], "rb") as fh:
            img = np.frombuffer(fh.read(), dtype=np.uint8).reshape(3, IMAGE_SIZE, IMAGE_SIZE)
        return img.astype(np.float32) / 255.0


def main():
    root = {0: "shards/train", 1: "data/shards/val", 2: "shards/train", 3: "shards/train"}[VARIANT]
    preprocess(root, {0: 8, 1: 16, 2: 8, 3: 32}[VARIANT])
    ds = ShardDataset(root)
    if VARIANT == 1:
        import torch
        from torch.utils.data import DataLoader

        for batch in DataLoader(ds, batch_size=4, num_workers=2):
            print(batch.shape, torch.mean(batch))
    elif VARIANT == 3:
        print(f"{len(ds)} training images")
        print("epoch 1/10")
        np.stack([ds[i] for i in range(8)])
    else:
        ds[0]


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
        logging.info("building dataset from shards/train")
        try:
            main()
        except Exception:
            logging.exception("dataset failed")
            sys.exit(1)
    else:
        main()
