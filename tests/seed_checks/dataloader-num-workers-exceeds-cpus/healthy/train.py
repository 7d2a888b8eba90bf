"""An image-like dataset with CPU-bound augmentation, loaded with at most one worker per usable CPU,
one CPU left for the main process."""

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
loader = DataLoader(dataset, batch_size=32, num_workers=max(1, min(8, len(os.sched_getaffinity(0)) - 1)))
