"""A teammate's evaluation script reads the same float64 features.npy from the feature cache into the float32 MLP."""
# beside: feature-cache-npy-float64-into-float32-mlp
# why: features.npy written by the feature cache job is float64 and goes straight through torch.from_numpy, the entry's cause and fix.
EXPECT = ["feature-cache-npy-float64-into-float32-mlp"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
import torch
from torch import nn

VARIANT = int(sys.argv[1])

os.makedirs("cache", exist_ok=True)
frame = pd.DataFrame(np.random.default_rng(1).normal(size=(200, 24)))
np.save("cache/features.npy", frame.to_numpy())
model = nn.Sequential(nn.Linear(24, 32), nn.ReLU(), nn.Linear(32, 1)).eval()
x = torch.from_numpy(np.load("cache/features.npy"))
with torch.no_grad():
    for start in range(0, len(x), {0: 200, 1: 50}[VARIANT]):
        if VARIANT == 1:
            print(f"eval batch at {start}")
        model(x[start : start + 50])
