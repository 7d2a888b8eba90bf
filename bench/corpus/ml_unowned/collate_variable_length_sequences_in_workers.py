"""Default collate of variable-length token sequences (no padding collate_fn) inside DataLoader workers: stack expects each tensor to be equal size."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import random
import sys

import torch
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])
workers, batch = [(2, 4), (0, 8), (2, 16)][variant]


class SentenceDataset(Dataset):
    def __init__(self, n=64):
        rng = random.Random(0)
        self.lengths = [rng.randint(5, 30) for _ in range(n)]

    def __len__(self):
        return len(self.lengths)

    def __getitem__(self, i):
        ids = torch.randint(1, 1000, (self.lengths[i],))
        if variant == 2:
            return {"input_ids": ids, "attention_mask": torch.ones_like(ids), "label": i % 2}
        return ids, i % 2


if __name__ == "__main__":
    loader = DataLoader(SentenceDataset(), batch_size=batch, shuffle=True, num_workers=workers)
    for epoch in range(2):
        print(f"epoch {epoch}")
        for step, batch_data in enumerate(loader):
            print(f"  step {step}")
