"""Errors from DataFrame.query: a column name with a space, a local variable without @, '=' instead of '=='."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
runs = pd.DataFrame({
    "run": ["r1", "r2", "r3", "r4"],
    "learning rate": [0.1, 0.01, 0.001, 0.01],
    "acc": [0.71, 0.83, 0.79, 0.88],
    "status": ["done", "done", "failed", "done"],
})


def select_runs(df):
    if V == 0:
        return df.query("learning rate < 0.05")
    if V == 1:
        threshold = 0.8
        return df.query("acc > threshold")
    return df.query("status = 'done'")


print(f"{len(runs)} runs loaded")
print(select_runs(runs))
