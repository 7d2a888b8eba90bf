"""num_workers copied from an 8-16 core box onto a small VM/container; DataLoader's worker-count warning fails a warnings-as-errors run."""
EXPECT = ["dataloader-num-workers-exceeds-cpus"]
VARIANTS = 2

import os
import sys
import warnings

import torch
from torch.utils.data import DataLoader, TensorDataset

v = int(sys.argv[1])
warnings.filterwarnings("error", category=UserWarning)     # pytest filterwarnings = error
n_workers = (os.cpu_count() or 1) * [4, 8][v]
loader = DataLoader(TensorDataset(torch.randn(256, 16)), batch_size=32, num_workers=n_workers)
print(f"num_workers={n_workers}")
for i, (x,) in enumerate(loader):
    print(i, x.shape)
