"""IndexError: tuple index out of range from reading a dimension an array does not have."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def describe(arr):
    n, h, w = arr.shape[0], arr.shape[1], arr.shape[2]
    return f"{n} images of {h}x{w}"


if V == 0:
    gray = np.zeros((10, 28))
    print(describe(gray))
elif V == 1:
    s = pd.Series([1, 2, 3])
    print("columns:", s.shape[1])
else:
    def get_row(*fields):
        return fields[3]

    print(get_row("id", "name", "score"))
