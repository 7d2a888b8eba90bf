"""A pandas DataFrame passed straight to DataLoader as the dataset: the fetcher does df[i], a column lookup: KeyError: 36 (a row number)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader

variant = int(sys.argv[1])
torch.manual_seed(variant)
rng = np.random.default_rng(variant)
n, n_feat = [(512, 10), (2000, 24), (100, 6)][variant]
cols = [f"f{i}" for i in range(n_feat)]
frame = pd.DataFrame(rng.normal(size=(n, n_feat)), columns=cols)
frame["target"] = rng.integers(0, 2, n)
frame.to_csv("train.csv", index=False)

df = pd.read_csv("train.csv")
if variant == 2:
    df = df.sample(frac=1.0, random_state=0)   # shuffled once up front

model = nn.Sequential(nn.Linear(n_feat, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def run_epoch(loader):
    for step, batch in enumerate(loader):
        x, y = batch[:, :-1].float(), batch[:, -1].float()
        loss = nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    print(f"train frame {df.shape}")
    loader = DataLoader(df, batch_size=[32, 128, 16][variant], shuffle=variant != 2,
                        num_workers=2 if variant == 1 else 0)
    print(f"{len(loader)} batches per epoch")
    for epoch in range(3):
        print(f"epoch {epoch} loss {run_epoch(loader):.4f}")
