"""WeightedRandomSampler given per-sample weights of shape (N, 1) or (N, C), built from a label column kept 2-D (df[["label"]], a one-hot/multi-label matrix): ValueError: weights should be a 1d sequence but given weights have shape (N, 1)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
import torch
from torch.utils.data import DataLoader, TensorDataset, WeightedRandomSampler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(1)
n = 600
claims = pd.DataFrame({
    "amount": rng.gamma(2.0, 400.0, n),
    "n_prior_claims": rng.poisson(0.4, n),
    "fraud": (rng.random(n) < 0.04).astype(int),
})


def balanced_sampler(labels):
    counts = torch.bincount(labels.flatten())
    class_weight = 1.0 / counts.float()
    return WeightedRandomSampler(class_weight[labels], num_samples=len(labels), replacement=True)


def make_fraud_loader(frame, batch_size=64):
    x = torch.tensor(frame[["amount", "n_prior_claims"]].to_numpy(), dtype=torch.float32)
    y = torch.tensor(frame[["fraud"]].to_numpy())
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, sampler=balanced_sampler(y))


def sampler_from_frame(frame):
    inv_freq = 1.0 / frame["fraud"].value_counts(normalize=True)
    weights = frame[["fraud"]].apply(lambda col: col.map(inv_freq)).to_numpy()
    return WeightedRandomSampler(weights, num_samples=len(frame))


if V == 0:
    print(f"{len(claims)} claims, fraud rate {claims['fraud'].mean():.3f}")
    loader = make_fraud_loader(claims)
    for xb, yb in loader:
        print(xb.shape, yb.float().mean().item())
        break
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("fraud.train").info("building oversampling sampler")
    sampler = sampler_from_frame(claims)
else:
    tags = (rng.random((n, 6)) < np.array([0.5, 0.2, 0.05, 0.02, 0.3, 0.01])).astype(np.float32)
    tag_weight = 1.0 / np.clip(tags.mean(0), 1e-3, None)
    sample_weights = torch.tensor(tags * tag_weight)
    print("tag frequencies", tags.mean(0).round(3))
    sampler = WeightedRandomSampler(sample_weights, num_samples=n, replacement=True)
