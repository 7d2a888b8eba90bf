"""ValueError: Length of values does not match length of index when assigning a new column."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n = [4, 7, 12][V]
df = pd.DataFrame({"text": [f"doc {i}" for i in range(n)], "score": np.linspace(0, 1, n)})


def predict(frame):
    kept = frame[frame["score"] > 0.2]  # predictions only for a filtered subset
    return [int(s > 0.5) for s in kept["score"]]


if V == 0:
    df["pred"] = predict(df)
elif V == 1:
    df["tokens"] = df["text"].str.split().tolist()[:-1]
else:
    df["fold"] = np.arange(n + 1) % 5
print(df)
