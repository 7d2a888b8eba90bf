"""An image-like dataset with CPU-bound augmentation, loaded with "two workers per core", more worker
processes than the CPUs this process may run on."""

import os

import torch
from torch.utils.data import DataLoader, Dataset


class Augmented(Dataset):
    def __len__(self):
        return 256

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        image = torch.rand(3, 32, 32, generator=g)
        return image.flip(-1) * 0.9 + 0.05, i % 10


dataset = Augmented()
loader = DataLoader(dataset, batch_size=32, num_workers=2 * os.cpu_count())
