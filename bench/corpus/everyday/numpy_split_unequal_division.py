"""ValueError: array split does not result in an equal division from np.split/np.hsplit in user fold code."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)
X = rng.normal(size=([103, 64, 50][V], [4, 10, 6][V]))


def make_folds(data, k):
    return np.split(data, k)


def split_modalities(data):
    return np.hsplit(data, 3)


def shards(data, n_workers):
    return np.array_split(data, n_workers) if data.shape[0] % 2 else np.split(data, n_workers)


print("data", X.shape)
if V == 0:
    for i, fold in enumerate(make_folds(X, 5)):
        print(f"fold {i}: {fold.shape}")
elif V == 1:
    print([m.shape for m in split_modalities(X)])
else:
    print([s.shape for s in shards(X, 4)])
