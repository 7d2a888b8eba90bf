"""IndexError from numpy when a label array is indexed with an id one past its size."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)

if V == 0:
    labels = rng.integers(0, 5, size=10)
    ids = list(range(1, 11))  # ids are 1-based, array is 0-based
    picked = [labels[i] for i in ids]
elif V == 1:
    scores = rng.random((8, 3))
    best_col = [scores[row, 3] for row in range(8)]  # only 3 columns
else:
    grid = np.zeros((4, 6))
    for r, c in [(0, 1), (3, 5), (6, 2)]:
        grid[r, c] += 1.0
print("done")
