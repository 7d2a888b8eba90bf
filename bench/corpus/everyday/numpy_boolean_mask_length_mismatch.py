"""IndexError: boolean index did not match indexed array along axis N when a mask was built from another array."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)
X = rng.normal(size=([100, 64, 250][V], [6, 12, 4][V]))


def filter_outliers(x, mask_source):
    z = np.abs((mask_source - mask_source.mean()) / mask_source.std())
    return x[z < 3]


def keep_columns(x, names, wanted):
    keep = np.array([n in wanted for n in names])
    return x[:, keep]


if V == 0:
    target = rng.normal(size=len(X) - 1)  # last row dropped when shifting
    print(filter_outliers(X, target).shape)
elif V == 1:
    names = [f"f{i}" for i in range(X.shape[1] + 2)]
    print(keep_columns(X, names, {"f1", "f3", "f5"}).shape)
else:
    valid = ~np.isnan(rng.normal(size=(X.shape[0] // 2,)))
    print(X[valid].mean(axis=0))
