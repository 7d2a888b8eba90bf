"""ValueError from pd.cut/pd.qcut: duplicate bin edges, non-increasing bins, or labels not one fewer than edges."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(1)
users = pd.DataFrame({
    "age": rng.integers(16, 80, 40),
    "purchases": np.r_[np.zeros(30, dtype=int), rng.integers(1, 9, 10)],
})


def add_buckets(df):
    if V == 0:
        df["activity"] = pd.qcut(df["purchases"], q=4)
    elif V == 1:
        df["age_band"] = pd.cut(df["age"], bins=[0, 25, 40, 35, 65, 120])
    else:
        df["age_band"] = pd.cut(df["age"], bins=[0, 18, 35, 65, 120], labels=["teen", "adult", "senior"])
    return df


print(users.describe().loc[["min", "max"]])
print(add_buckets(users).head())
