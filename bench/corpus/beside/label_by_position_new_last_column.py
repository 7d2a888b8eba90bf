"""The training script takes the label as the last column of the feature table (iloc[:, -1]); a new amount_eur column was appended after is_fraud."""
# beside: fraud-labels-export-label-now-analyst-score
# why: the labels themselves are still 0/1; the user's positional column pick now selects a continuous feature, not a label export that switched to analyst scores.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 1200, 1: 5000}[VARIANT]
table = pd.DataFrame({"amount": rng.lognormal(3, 1, n).round(2), "hour": rng.integers(0, 24, n),
                      "new_device": rng.integers(0, 2, n), "is_fraud": (rng.random(n) < 0.03).astype(int)})
table["amount_eur"] = (table["amount"] * 0.92).round(2)  # added for the EU dashboard
table.to_csv("txn_features.csv", index=False)

data = pd.read_csv("txn_features.csv")
X, y = data.iloc[:, :-1], data.iloc[:, -1]
if VARIANT == 1:
    print(f"X: {X.shape}, positives: {int(y.sum())}")
LogisticRegression(max_iter=500).fit(X, y)
