"""A tenure-growth transform computes np.exp(tenure / 30) meaning days, but the column is seconds_since_signup; exp of a few hundred thousand overflows to inf."""
# beside: orders-per-visit-inf-app-only-customers
# why: the infinity is an overflow from exponentiating an unscaled feature in the user's own transform, not a ratio over zero web visits.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import FunctionTransformer, StandardScaler
from sklearn.pipeline import make_pipeline

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 600, 1: 1500}[VARIANT]
seconds_since_signup = rng.integers(3600, 3 * 365 * 86400, n).astype(np.float64)
X = np.column_stack([seconds_since_signup, rng.uniform(0, 1, n)])
y = rng.integers(0, 2, n)
growth = FunctionTransformer(lambda a: np.column_stack([np.exp(a[:, 0] / 30.0), a[:, 1]]))  # 30-day growth curve
if VARIANT == 1:
    print("fitting recency model")
make_pipeline(growth, StandardScaler(), LogisticRegression()).fit(X, y)
