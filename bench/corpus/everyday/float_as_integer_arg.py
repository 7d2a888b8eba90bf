"""TypeError: 'float' object cannot be interpreted as an integer (range, np.zeros, list repeat)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n_samples = 50
val_fraction = 0.2

if V == 0:
    n_val = n_samples * val_fraction
    for i in range(n_val):
        pass
elif V == 1:
    buf = np.zeros((n_samples / 2, 3))
else:
    mask = [True] * (n_samples * (1 - val_fraction))
print("ok")
