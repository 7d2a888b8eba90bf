"""Per-entity aggregate features with df.groupby(key).mean()/agg over a frame that still holds text columns: TypeError: dtype 'str' does not support operation 'mean'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [1000, 5000, 300][variant]
tx = pd.DataFrame({
    "user_id": rng.integers(1, 100, n),
    "amount": rng.gamma(2.0, 30.0, n).round(2),
    "items": rng.integers(1, 8, n),
    "channel": rng.choice(["web", "app", "store"], n),
    "country": rng.choice(["DE", "FR", "NL"], n),
})
tx.to_csv("transactions.csv", index=False)


def user_features(path):
    df = pd.read_csv(path)
    print(f"{len(df)} transactions, {df.user_id.nunique()} users")
    g = df.groupby("user_id")
    if variant == 0:
        feats = g.mean()
    elif variant == 1:
        feats = g.agg(["mean", "std", "max"])
    else:
        feats = df.groupby(["user_id", "country"]).median()
    feats.columns = ["_".join(c) if isinstance(c, tuple) else c for c in feats.columns]
    return feats


features = user_features("transactions.csv")
print(features.head())
