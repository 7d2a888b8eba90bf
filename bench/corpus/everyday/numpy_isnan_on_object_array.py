"""np.isnan / np.isfinite on an object array (df.values of mixed columns, a list with None, parsed JSON): ufunc 'isnan' not supported for the input types."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def drop_incomplete_rows(X):
    bad = np.isnan(X).any(axis=1)
    print(f"dropping {bad.sum()} incomplete rows")
    return X[~bad]


if V == 0:
    df = pd.DataFrame({
        "age": [34, 51, np.nan, 29],
        "income": [42e3, 61e3, 38e3, np.nan],
        "segment": ["a", "b", "b", "c"],
    })
    print(df.dtypes.to_dict())
    X = drop_incomplete_rows(df.values)
elif V == 1:
    with open("preds.json", "w") as f:
        json.dump({"scores": [0.91, None, 0.42, 0.77, None]}, f)
    with open("preds.json") as f:
        scores = np.array(json.load(f)["scores"])
    print("scores dtype:", scores.dtype)
    print("valid:", scores[~np.isnan(scores)])
else:
    rows = [["0.5", "1.2"], ["nan", "3.1"], ["2.2", "0.0"]]
    X = np.array(rows, dtype=object)
    finite = np.isfinite(X)
    print(X[finite.all(axis=1)])
