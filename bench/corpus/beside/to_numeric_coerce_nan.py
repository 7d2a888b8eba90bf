"""pd.to_numeric(errors="coerce") turns "n/a" and "-" strings in a survey export into NaN, which go straight into the model."""
# beside: churn-features-tickets-left-join-nan
# why: the NaN comes from coercing placeholder strings in the user's own column, not from a left join of the tickets table.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(0)
raw = [str(v) for v in rng.integers(18, 80, 300)]
raw[7], raw[50], raw[201] = "n/a", "-", "n/a"
frame = pd.DataFrame({"age": pd.to_numeric(pd.Series(raw), errors="coerce"), "score": rng.uniform(0, 10, 300), "label": rng.integers(0, 2, 300)})
model = LogisticRegression() if VARIANT == 0 else KNeighborsClassifier()
model.fit(frame[["age", "score"]], frame["label"])
