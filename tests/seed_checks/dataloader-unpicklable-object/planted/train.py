"""A dataset that opens its label file once in __init__ and guards reads with a lock. DataLoader
workers started with spawn/forkserver receive the dataset pickled; with fork they share the handle."""

import threading
from pathlib import Path

import torch
from torch.utils.data import DataLoader, Dataset


class Labelled(Dataset):
    def __init__(self, path):
        self.lock = threading.Lock()
        self.file = open(path)  # one handle for every read
        self.offsets = []
        while line := self.file.readline():
            self.offsets.append(self.file.tell() - len(line))
        self.offsets = self.offsets[1:]  # skip the header

    def __len__(self):
        return len(self.offsets)

    def __getitem__(self, i):
        with self.lock:
            self.file.seek(self.offsets[i])
            sample_id, label = self.file.readline().strip().split(",")
        return torch.full((4,), float(sample_id)), int(label)


dataset = Labelled(Path(__file__).parent / "labels.csv")
loader = DataLoader(dataset, batch_size=8, num_workers=2, multiprocessing_context="spawn")
