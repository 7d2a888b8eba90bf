"""load_image in the shared image loader now returns the normalized float image (the 'normalize in the loader' change), and the sample-dump tool still hands its result to Image.fromarray to save previews."""
EXPECT = ["sample-dump-load-image-now-returns-normalized-float"]
VARIANTS = 3

import os
import sys

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
MEAN = np.array([0.485, 0.456, 0.406])
STD = np.array([0.229, 0.224, 0.225])
SIZE = {0: 224, 1: 160, 2: 96}[VARIANT]


def make_photos(folder, n):
    rng = np.random.default_rng(VARIANT)
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        Image.fromarray(rng.integers(0, 256, (300, 260, 3), dtype=np.uint8)).save(os.path.join(folder, f"item_{i:04d}.jpg"))
    return sorted(os.path.join(folder, f) for f in os.listdir(folder))


def load_image(path):
    """Decode, resize and normalize with the ImageNet stats: the one place the pipeline prepares images."""
    img = Image.open(path).convert("RGB").resize((SIZE, SIZE))
    return (np.asarray(img) / 255.0 - MEAN) / STD


def save_preview(array, out_path):
    Image.fromarray(array).save(out_path)


def dump_samples(paths, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for path in paths:
        save_preview(load_image(path), os.path.join(out_dir, os.path.basename(path).replace(".jpg", ".png")))
        print("dumped", path)


class PreviewingDataset(Dataset):
    """Training dataset with the debug option that writes what the model sees."""

    def __init__(self, paths, preview_dir):
        self.paths, self.preview_dir = paths, preview_dir
        os.makedirs(preview_dir, exist_ok=True)

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        image = load_image(self.paths[i])
        if i < 4:
            save_preview(image, os.path.join(self.preview_dir, f"sample_{i}.png"))
        return torch.from_numpy(image.transpose(2, 0, 1)).float(), 0


if __name__ == "__main__":
    if VARIANT == 0:
        dump_samples(make_photos("data/catalog/images", 6), "previews")
    elif VARIANT == 1:
        paths = make_photos("datasets/shoes_v3/train", 12)
        print(f"{len(paths)} images; previews for review in review/shoes_v3")
        dump_samples(paths[:8], "review/shoes_v3")
    else:
        loader = DataLoader(PreviewingDataset(make_photos("data/crops", 16), "debug/previews"), batch_size=4, num_workers=1)
        for step, (x, _) in enumerate(loader):
            print(f"step {step}: {tuple(x.shape)}")
