EXPECT = []
VARIANTS = 3

# Mixup's mixing ratio is drawn from Beta(alpha, alpha); the ablation config turns mixup "off"
# with alpha: 0 (as some training recipes do) and the draw still happens for every batch.
import sys

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ABLATIONS = [
    [{"name": "baseline_mixup", "mixup_alpha": 0.2}, {"name": "no_mixup", "mixup_alpha": 0.0}],
    [{"name": "no_mixup", "mixup_alpha": 0}],
    [{"name": "mixup_strong", "mixup_alpha": 0.4}, {"name": "mixup_off", "mixup_alpha": -1}],
][V]


class Images(Dataset):
    def __len__(self):
        return 128

    def __getitem__(self, i):
        return torch.randn(3, 16, 16), i % 10


def mixup(x, y, alpha, rng):
    lam = rng.beta(alpha, alpha)
    perm = torch.randperm(x.size(0))
    return lam * x + (1 - lam) * x[perm], y, y[perm], lam


def train(run, rng):
    model = nn.Sequential(nn.Flatten(), nn.Linear(768, 10))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    loader = DataLoader(Images(), batch_size=32, shuffle=True)
    for step, (x, y) in enumerate(loader):
        x, ya, yb, lam = mixup(x, y, run["mixup_alpha"], rng)
        out = model(x)
        loss = lam * nn.functional.cross_entropy(out, ya) + (1 - lam) * nn.functional.cross_entropy(out, yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    rng = np.random.default_rng(0) if V != 1 else np.random
    for run in ABLATIONS:
        print(f"== run {run['name']} (mixup_alpha={run['mixup_alpha']})")
        print(f"final loss {train(run, rng):.4f}")


if __name__ == "__main__":
    main()
