"""KeyError from a pandas groupby/agg on a column name that is misspelled."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

df = pd.DataFrame(
    {"region": ["n", "s", "n", "e"], "product": ["x", "y", "x", "z"], "units": [3, 5, 2, 7]}
)


def summarize(frame):
    if V == 0:
        return frame.groupby("Region")["units"].sum()
    if V == 1:
        return frame.groupby("region").agg({"units": "sum", "revenue": "mean"})
    return frame.groupby(["region", "product"])["unit"].mean()


print(summarize(df))
