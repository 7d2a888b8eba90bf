"""A dataset whose __getitem__ does its work in place: no threads, nothing to wait for when a worker
is told to stop."""

import torch
from torch.utils.data import DataLoader, Dataset


class InPlace(Dataset):
    def __init__(self):
        self.data = torch.randn(64, 8)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i].clone(), i % 2


dataset = InPlace()
loader = DataLoader(dataset, batch_size=8, num_workers=2)
