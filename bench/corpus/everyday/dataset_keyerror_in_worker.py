"""KeyError from a dict lookup in Dataset.__getitem__, re-raised from a DataLoader worker process."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
CLASSES = {"cat": 0, "dog": 1, "bird": 2}


class Records(Dataset):
    def __init__(self, rows):
        self.rows = rows

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        row = self.rows[i]
        return torch.tensor(row["pixels"], dtype=torch.float32), CLASSES[row["label"]]


rows = [{"pixels": [0.1 * i, 0.2], "label": ["cat", "dog", "bird"][i % 3]} for i in range(20)]
rows[[13, 7, 18][V]]["label"] = ["Dog", "horse", "cat "][V]

if __name__ == "__main__":
    loader = DataLoader(Records(rows), batch_size=4, shuffle=False, num_workers=2 if V != 2 else 0)
    for epoch in range(1, 4):
        total = 0
        for x, y in loader:
            total += len(y)
        print(f"epoch {epoch}/3 seen={total}", flush=True)
