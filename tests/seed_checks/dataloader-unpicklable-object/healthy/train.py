"""A dataset that indexes its label file in __init__ and opens it lazily, once per worker process."""

from pathlib import Path

import torch
from torch.utils.data import DataLoader, Dataset


class Labelled(Dataset):
    def __init__(self, path):
        self.path = path
        self.file = None  # opened in each worker on first use
        with open(path) as f:
            self.offsets = []
            while line := f.readline():
                self.offsets.append(f.tell() - len(line))
        self.offsets = self.offsets[1:]  # skip the header

    def __len__(self):
        return len(self.offsets)

    def __getitem__(self, i):
        if self.file is None:
            self.file = open(self.path)
        self.file.seek(self.offsets[i])
        sample_id, label = self.file.readline().strip().split(",")
        return torch.full((4,), float(sample_id)), int(label)


dataset = Labelled(Path(__file__).parent / "labels.csv")
loader = DataLoader(dataset, batch_size=8, num_workers=2, multiprocessing_context="spawn")
