"""pin_memory copied from a GPU tutorial onto a CPU-only machine: explicit .pin_memory() raises; the DataLoader warning fails a warnings-as-errors run."""
EXPECT = ["pin-memory-without-gpu"]
VARIANTS = 3

import sys
import warnings

import torch
from torch.utils.data import DataLoader, TensorDataset

v = int(sys.argv[1])
ds = TensorDataset(torch.randn(64, 3, 8, 8), torch.randint(0, 10, (64,)))

if v == 0:
    def collate(batch):
        x = torch.stack([b[0] for b in batch]).pin_memory()
        y = torch.stack([b[1] for b in batch]).pin_memory()
        return x, y
    for x, y in DataLoader(ds, batch_size=16, collate_fn=collate):
        x = x.to("cpu", non_blocking=True)
elif v == 1:
    warnings.simplefilter("error")                 # CI runs with -W error / filterwarnings = error
    for x, y in DataLoader(ds, batch_size=16, shuffle=True, pin_memory=True, num_workers=0):
        print(x.shape)
else:
    buf = torch.empty(16, 3, 8, 8).pin_memory()
