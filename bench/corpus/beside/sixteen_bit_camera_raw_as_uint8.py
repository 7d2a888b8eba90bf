"""The new thermal camera writes 16-bit raw frames; the dataset reads every file with np.frombuffer's uint8 default at 3x224x224."""
# beside: image-shards-written-256-read-as-224
# why: the files are 224x224 but 16-bit, twice the bytes; the image size did not change in any preprocessing config.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])
IMAGE_SIZE = 224


def capture(out_dir, n):
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    for i in range(n):
        rng.integers(0, 4096, (3, IMAGE_SIZE, IMAGE_SIZE), dtype=np.uint16).tofile(os.path.join(out_dir, f"frame_{i:05d}.raw"))


class FrameDataset:
    def __init__(self, root):
        self.files = sorted(os.path.join(root, f) for f in os.listdir(root))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        with open(self.files[i], "rb") as fh:
            img = np.frombuffer(fh.read(), dtype=np.uint8).reshape(3, IMAGE_SIZE, IMAGE_SIZE)
        return img.astype(np.float32) / 255.0


def main():
    root = {0: "frames/thermal", 1: "data/line4/thermal"}[VARIANT]
    capture(root, {0: 4, 1: 12}[VARIANT])
    ds = FrameDataset(root)
    if VARIANT == 1:
        import torch
        from torch.utils.data import DataLoader

        print(f"{len(ds)} frames")
        for batch in DataLoader(ds, batch_size=4, num_workers=2):
            print(torch.mean(batch))
    else:
        ds[0]


if __name__ == "__main__":
    main()
