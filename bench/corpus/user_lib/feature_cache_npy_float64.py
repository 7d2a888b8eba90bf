"""The feature cache writes .npy files as float64 (pandas' default); the MLP's weights are float32 and the loader passes the arrays straight to torch.from_numpy."""
EXPECT = ["feature-cache-npy-float64-into-float32-mlp"]
VARIANTS = 3

import sys

import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])


def build_cache(n, d):
    frame = pd.DataFrame(np.random.default_rng(0).normal(size=(n, d)), columns=[f"f{i}" for i in range(d)])
    np.save("features.npy", frame.to_numpy())  # float64


class Cached(Dataset):
    def __init__(self):
        self.x = np.load("features.npy")

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return torch.from_numpy(self.x[i])


def main():
    d = {0: 24, 1: 64, 2: 10}[VARIANT]
    build_cache(128, d)
    model = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, 1))
    if VARIANT == 0:
        model(torch.from_numpy(np.load("features.npy")))
    else:
        loader = DataLoader(Cached(), batch_size=32, num_workers=2 if VARIANT == 1 else 0)
        for step, xb in enumerate(loader):
            if VARIANT == 2:
                print(f"step {step}: batch {tuple(xb.shape)}")
            model(xb)


if __name__ == "__main__":
    main()
