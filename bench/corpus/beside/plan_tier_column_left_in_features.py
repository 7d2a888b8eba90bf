"""The churn frame's plan column ("basic", "plus", "pro") is left in the feature list without being encoded."""
# beside: historian-export-readings-with-unit-suffix
# why: the string is a categorical column the user never encoded; no sensor export writes units into numeric readings.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 400, 1: 1000}[VARIANT]
frame = pd.DataFrame(
    {
        "tenure_months": rng.integers(1, 60, n),
        "plan": rng.choice(["basic", "plus", "pro"], n),
        "monthly_charges": rng.uniform(10, 90, n).round(2),
        "churned": rng.integers(0, 2, n),
    }
)
features = [c for c in frame.columns if c != "churned"]
if VARIANT == 1:
    from sklearn.model_selection import cross_val_score

    print(f"features: {features}")
    cross_val_score(LogisticRegression(), frame[features], frame["churned"], cv=3, error_score="raise")
else:
    LogisticRegression().fit(frame[features], frame["churned"])
