"""sample_weight (class balancing, recency weights) passed straight to Pipeline.fit instead of step__sample_weight: Pipeline.fit does not accept the sample_weight parameter."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.class_weight import compute_sample_weight

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [600, 1500, 300][variant]
X = rng.normal(size=(n, 8))
y = (rng.random(n) < [0.1, 0.05, 0.2][variant]).astype(int)
print(f"positives: {y.sum()} of {n}")

if variant == 0:
    weights = compute_sample_weight("balanced", y)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=500))
elif variant == 1:
    age_days = rng.integers(0, 365, n)
    weights = np.exp(-age_days / 90)   # recent rows count more
    model = Pipeline([("scale", StandardScaler()), ("clf", HistGradientBoostingClassifier(max_iter=50))])
else:
    weights = np.where(y == 1, 4.0, 1.0)
    model = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression())])


def train(model, X, y, sample_weight):
    print(f"fitting {type(model).__name__} with weights in [{sample_weight.min():.2f}, {sample_weight.max():.2f}]")
    return model.fit(X, y, sample_weight=sample_weight)


train(model, X, y, weights)
print("train accuracy", model.score(X, y))
