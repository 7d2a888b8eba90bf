"""A teammate's fine-tuning script reads the feature cache's per-split train_features.npy, written from a pandas frame as float64, through torch.from_numpy."""
# beside: feature-cache-npy-float64-into-float32-mlp
# why: the feature cache job saves the .npy from a pandas frame (float64) and torch.from_numpy keeps it against the MLP's float32 weights, the entry's cause and fix.
EXPECT = ["feature-cache-npy-float64-into-float32-mlp"]
VARIANTS = 2

import logging
import os
import sys

import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])


def feature_cache_job(n, cols):
    """jobs/feature_cache.py: one .npy per split, straight from the feature frame."""
    os.makedirs("cache/v3", exist_ok=True)
    rng = np.random.default_rng(3)
    for split, size in (("train", n), ("val", n // 4)):
        frame = pd.DataFrame(rng.normal(size=(size, len(cols))), columns=cols)
        np.save(f"cache/v3/{split}_features.npy", frame.to_numpy())
        np.save(f"cache/v3/{split}_labels.npy", rng.integers(0, 2, size).astype(np.float32))


def loaders(batch_size):
    x = torch.from_numpy(np.load("cache/v3/train_features.npy"))
    y = torch.from_numpy(np.load("cache/v3/train_labels.npy"))
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True)


def finetune(model, loader):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = nn.BCEWithLogitsLoss()
    for xb, yb in loader:
        loss = loss_fn(model(xb).squeeze(1), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    cols = [f"emb_{i}" for i in range({0: 16, 1: 48}[VARIANT])] + ["recency", "frequency", "monetary"]
    feature_cache_job({0: 512, 1: 2048}[VARIANT], cols)
    logging.info("fine-tuning on cache/v3 (%d features)", len(cols))
    model = nn.Sequential(nn.Linear(len(cols), 64), nn.ReLU(), nn.Linear(64, 1))
    finetune(model, loaders({0: 64, 1: 128}[VARIANT]))


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s finetune: %(message)s")
    main()
