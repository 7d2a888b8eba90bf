"""Images stored as uint8 arrays, scaled to [0, 1] and normalised with per-channel mean and std, as
ToTensor + Normalize do."""

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

MEAN = torch.tensor([0.485, 0.456, 0.406]).view(3, 1, 1)
STD = torch.tensor([0.229, 0.224, 0.225]).view(3, 1, 1)


class Images(Dataset):
    def __init__(self, n=128):
        self.pixels = np.random.default_rng(0).integers(0, 256, (n, 3, 16, 16), dtype=np.uint8)

    def __len__(self):
        return len(self.pixels)

    def __getitem__(self, i):
        image = torch.from_numpy(self.pixels[i]).float() / 255
        return (image - MEAN) / STD, i % 10


dataset = Images()
loader = DataLoader(dataset, batch_size=32, shuffle=True)
