"""ValueError: Can only compare identically-labeled Series/DataFrame objects when comparing predictions to labels."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)
n = [20, 50, 12][V]
df = pd.DataFrame({"label": rng.integers(0, 2, n), "score": rng.random(n)})


def accuracy(truth, pred):
    return (truth == pred).mean()


if V == 0:
    valid = df[df["score"] > 0.1]
    preds = (valid["score"] > 0.5).astype(int).reset_index(drop=True)
    print("accuracy", accuracy(valid["label"], preds))
elif V == 1:
    before = df.sample(frac=1.0, random_state=0).head(40)
    after = df.head(40)
    print("changed rows", (before != after).any(axis=1).sum())
else:
    expected = df[["label"]].rename(columns={"label": "y"})
    print("matches", accuracy(df[["label"]], expected))
