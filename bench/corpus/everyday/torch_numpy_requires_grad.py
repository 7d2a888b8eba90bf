"""RuntimeError: Can't call numpy() on Tensor that requires grad when exporting outputs to numpy/pandas."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
import torch

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
model = torch.nn.Linear(4, [2, 3, 8][V])
x = torch.randn(10, 4)


def save_scores(out, path):
    np.save(path, out.numpy())


def to_table(out):
    return pd.DataFrame(np.asarray(out), columns=[f"c{i}" for i in range(out.shape[1])])


def export_embeddings(out, path):
    pd.DataFrame(out).to_csv(path, index=False)


out = model(x)
print("outputs", tuple(out.shape))
if V == 0:
    save_scores(out, "scores.npy")
elif V == 1:
    print(to_table(out).head())
else:
    export_embeddings(out, "embeddings.csv")
