"""IndexError/TypeError from indexing or slicing a numpy array with floats (len/2, float index arrays, n*0.8)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
values = np.sort(np.random.default_rng(3).normal(size=[41, 100, 15][V]))


def median_of_sorted(arr):
    return arr[len(arr) / 2]


def pick(arr, positions):
    return arr[positions]


def train_part(arr, frac=0.8):
    return arr[: len(arr) * frac]


print(f"{len(values)} values, min {values.min():.3f}")
if V == 0:
    print("median", median_of_sorted(values))
elif V == 1:
    idx = np.linspace(0, len(values) - 1, 5)
    print("quantile picks", pick(values, idx))
else:
    print("train size", len(train_part(values)))
