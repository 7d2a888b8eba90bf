"""Position-based .iloc given column names or an id label in a feature step: .iloc requires numeric indexers / Cannot index by location index with a non-integer key."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(7)
frame = pd.DataFrame(
    {
        "age": rng.integers(18, 80, 30),
        "income": rng.normal(50_000, 12_000, 30).round(),
        "tenure_months": rng.integers(1, 120, 30),
        "label": rng.integers(0, 2, 30),
    },
    index=[f"cust_{i:03d}" for i in range(30)],
)
NUMERIC = ["age", "income", "tenure_months"]


def numeric_block(df):
    return df.iloc[:, NUMERIC].to_numpy(dtype=float)


def label_of(df, i):
    return int(df.iloc[i, "label"])


def score_for(scores, customer):
    return scores.iloc[customer]


if V == 0:
    X = numeric_block(frame)
    print(X.mean(axis=0))
elif V == 1:
    for i in range(0, 30, 10):
        print(frame.index[i], label_of(frame, i))
else:
    scores = pd.Series(rng.random(30), index=frame.index, name="churn_score")
    for cust in ["cust_001", "cust_017"]:
        print(cust, round(float(score_for(scores, cust)), 3))
