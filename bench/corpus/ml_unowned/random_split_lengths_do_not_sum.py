"""random_split given fixed train/val sizes computed with int() rounding that do not add up to len(dataset): Sum of input lengths does not equal the length of the input dataset!"""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch.utils.data import TensorDataset, random_split

variant = int(sys.argv[1])
n, ratios = [(1001, (0.8, 0.2)), (250, (0.7, 0.15, 0.15)), (99, (0.9, 0.1))][variant]

dataset = TensorDataset(torch.randn(n, 4), torch.randint(0, 2, (n,)))
lengths = [int(r * n) for r in ratios]
print(f"dataset size {len(dataset)}, split sizes {lengths}")
parts = random_split(dataset, lengths, generator=torch.Generator().manual_seed(42))
