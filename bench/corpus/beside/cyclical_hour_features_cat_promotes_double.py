"""The cached features.npy is float32, but the loader appends sin/cos hour-of-day features computed with numpy (float64) and torch.cat promotes the batch to float64."""
# beside: feature-cache-npy-float64-into-float32-mlp
# why: features.npy is already float32; the float64 comes from the time features added at load time, which torch.cat promotes the whole batch to.
EXPECT = []
VARIANTS = 3

import sys

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])


def build_cache(n, d):
    rng = np.random.default_rng(0)
    np.save("features.npy", rng.normal(size=(n, d)).astype(np.float32))
    np.save("hours.npy", rng.integers(0, 24, n))


class WithTimeOfDay(Dataset):
    def __init__(self):
        self.x = np.load("features.npy")
        self.hours = np.load("hours.npy")

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        angle = 2 * np.pi * self.hours[i] / 24
        cyc = torch.from_numpy(np.array([np.sin(angle), np.cos(angle)]))
        return torch.cat([torch.from_numpy(self.x[i]), cyc])


def main():
    d = {0: 24, 1: 40, 2: 12}[VARIANT]
    build_cache(256, d)
    print(f"features.npy dtype: {np.load('features.npy').dtype}")
    model = nn.Sequential(nn.Linear(d + 2, 32), nn.ReLU(), nn.Linear(32, 1))
    loader = DataLoader(WithTimeOfDay(), batch_size=64, num_workers=2 if VARIANT == 1 else 0)
    for step, xb in enumerate(loader):
        if VARIANT == 2:
            print(f"step {step}: batch {tuple(xb.shape)}")
        model(xb)


if __name__ == "__main__":
    main()
