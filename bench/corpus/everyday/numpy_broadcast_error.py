"""ValueError: operands could not be broadcast together in user array arithmetic."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)


def standardize(x):
    mean = x.mean(axis=1)  # should be axis=0 (per feature)
    std = x.std(axis=1)
    return (x - mean) / std


if V == 0:
    print(standardize(rng.random((5, 3))).shape)
elif V == 1:
    a = rng.random((32, 10))
    b = rng.random((32, 12))
    print((a * b).sum())
else:
    weights = np.array([0.2, 0.3, 0.5])
    features = rng.random((4, 4))
    print(features * weights)
