"""ValueError from np.concatenate/np.stack when feature arrays have different shapes."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(1)

parts = [rng.random((10, 4)), rng.random((10, 5)), rng.random((10, 4))]
if V == 0:
    X = np.concatenate(parts, axis=0)
elif V == 1:
    rows = [rng.random(3), rng.random(3), rng.random(2)]
    X = np.stack(rows)
else:
    X = np.hstack([rng.random((10, 2)), rng.random((9, 2))])
print(X.shape)
