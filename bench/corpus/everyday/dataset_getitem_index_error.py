"""IndexError: list index out of range inside a Dataset.__getitem__, raised directly or from DataLoader workers."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class PairDataset(Dataset):
    def __init__(self, texts, labels):
        self.texts = texts
        self.labels = labels

    def __len__(self):
        return len(self.texts)  # labels list is shorter

    def __getitem__(self, i):
        return torch.tensor([len(self.texts[i])]), self.labels[i]


texts = [f"sentence number {i}" for i in range(12)]
labels = [i % 2 for i in range(10)]

if __name__ == "__main__":
    ds = PairDataset(texts, labels)
    loader = DataLoader(ds, batch_size=4, num_workers=2 if V == 1 else 0)
    for epoch in range(2):
        for step, (x, y) in enumerate(loader):
            if V == 2:
                print(f"epoch {epoch} step {step} x={tuple(x.shape)}", flush=True)
