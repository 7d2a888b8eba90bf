"""The product-image dataset resizes each photo so its shorter side is 224 (keeping the aspect ratio) and forgets the center crop; landscape and portrait photos come out with different widths and heights."""
# beside: keyword-clips-export-v2-trims-silence-short-clips
# why: the tensors are images of different sizes from the user's own resize without a crop, not audio clips shortened by a labeling export's silence trimming.
EXPECT = []
VARIANTS = 3

import logging
import os
import sys

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
SIZE = {0: 224, 1: 224, 2: 256}[VARIANT]


class ProductImages(Dataset):
    def __init__(self, folder):
        self.files = sorted(os.path.join(folder, f) for f in os.listdir(folder))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        img = Image.open(self.files[i]).convert("RGB")
        scale = SIZE / min(img.size)
        img = img.resize((round(img.width * scale), round(img.height * scale)))
        return torch.from_numpy(np.asarray(img, dtype=np.float32) / 255.0).permute(2, 0, 1)


def main():
    os.makedirs("images", exist_ok=True)
    sizes = [(800, 800), (800, 800), (1200, 900), (600, 800), (800, 800)]
    for i, size in enumerate(sizes * 2):
        Image.new("RGB", size, (i * 20, 100, 150)).save(f"images/p{i:03d}.jpg")
    for batch in DataLoader(ProductImages("images"), batch_size=4):
        print(batch.shape)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train-catalog: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("epoch failed")
            sys.exit(1)
    else:
        main()
