"""To score one customer the code passes frame.iloc[i], a row Series, to predict."""
# beside: features-yaml-single-feature-written-as-scalar
# why: the Series is one row (a single sample) taken with iloc for ad-hoc scoring, not a one-feature list written as a YAML scalar.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
X = pd.DataFrame({"tenure": rng.integers(1, 60, 500), "charges": rng.uniform(10, 100, 500), "tickets": rng.integers(0, 5, 500)})
model = LogisticRegression(max_iter=500).fit(X, rng.integers(0, 2, 500))
customer = {0: 42, 1: 311}[VARIANT]
if VARIANT == 1:
    print(f"scoring customer {customer}")
    print(model.predict_proba(X.iloc[customer]))
else:
    print(model.predict(X.iloc[customer]))
