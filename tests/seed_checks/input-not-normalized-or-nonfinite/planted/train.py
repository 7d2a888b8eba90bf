"""Images stored as uint8 arrays, turned into tensors with .float() and no scaling or Normalize:
the model sees values in [0, 255]."""

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class Images(Dataset):
    def __init__(self, n=128):
        self.pixels = np.random.default_rng(0).integers(0, 256, (n, 3, 16, 16), dtype=np.uint8)

    def __len__(self):
        return len(self.pixels)

    def __getitem__(self, i):
        return torch.from_numpy(self.pixels[i]).float(), i % 10


dataset = Images()
loader = DataLoader(dataset, batch_size=32, shuffle=True)
