"""FileNotFoundError for a sample file listed in a manifest, raised inside DataLoader workers."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("samples", exist_ok=True)
names = [f"sample_{i:03d}.txt" for i in range(16)]
for n in names[: [11, 5, 15][V]]:
    with open(os.path.join("samples", n), "w") as f:
        f.write("1.0 2.0 3.0\n")


class TextVectors(Dataset):
    def __len__(self):
        return len(names)

    def __getitem__(self, i):
        with open(os.path.join("samples", names[i])) as f:
            return torch.tensor([float(t) for t in f.read().split()])


if __name__ == "__main__":
    loader = DataLoader(TextVectors(), batch_size=4, num_workers=[2, 2, 0][V])
    for step, batch in enumerate(loader):
        print(f"batch {step}: {tuple(batch.shape)}", flush=True)
