"""A dataset that builds an index of sample files in __init__ and reads one file per __getitem__."""

from pathlib import Path

import torch
from torch.utils.data import DataLoader, Dataset


class LazyDataset(Dataset):
    def __init__(self, root):
        self.paths = sorted(Path(root).glob("*.txt"))

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return torch.tensor([float(v) for v in self.paths[i].read_text().split()])


dataset = LazyDataset(Path(__file__).parent / "data")
loader = DataLoader(dataset, batch_size=4)
