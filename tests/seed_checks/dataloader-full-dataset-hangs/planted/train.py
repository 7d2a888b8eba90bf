"""A dataset that reads and parses every sample file in __init__: fine on 8 files, minutes (or an
apparent hang) on millions of files on a network share."""

from pathlib import Path

import torch
from torch.utils.data import DataLoader, Dataset


class EagerDataset(Dataset):
    def __init__(self, root):
        self.samples = [
            torch.tensor([float(v) for v in path.read_text().split()])
            for path in sorted(Path(root).glob("**/*.txt"))
        ]

    def __len__(self):
        return len(self.samples)

    def __getitem__(self, i):
        return self.samples[i]


dataset = EagerDataset(Path(__file__).parent / "data")
loader = DataLoader(dataset, batch_size=4)
