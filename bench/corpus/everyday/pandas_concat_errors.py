"""Errors from pd.concat with a non-frame object or duplicate column labels."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

a = pd.DataFrame({"id": [1, 2], "x": [0.1, 0.2]})
b = pd.DataFrame({"id": [3, 4], "x": [0.3, 0.4]})

if V == 0:
    out = pd.concat(a, b)
elif V == 1:
    out = pd.concat([a, [5, 0.5]])
else:
    left = pd.DataFrame([[1, 2], [3, 4]], columns=["x", "x"])
    out = pd.concat([left, a], axis=0)
print(out)
