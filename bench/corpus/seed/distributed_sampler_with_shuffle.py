"""DistributedSampler passed to a DataLoader that also keeps shuffle=True from the single-GPU script."""
EXPECT = ["distributed-sampler-not-shuffling"]
VARIANTS = 2

import sys

import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

v = int(sys.argv[1])
world_size, rank = [(2, 0), (8, 3)][v]
ds = TensorDataset(torch.randn(100, 4), torch.randint(0, 2, (100,)))
sampler = DistributedSampler(ds, num_replicas=world_size, rank=rank)
loader = DataLoader(ds, batch_size=16, sampler=sampler, shuffle=True, num_workers=2)
for epoch in range(3):
    for x, y in loader:
        pass
