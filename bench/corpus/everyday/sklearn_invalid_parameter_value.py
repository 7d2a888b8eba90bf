"""sklearn InvalidParameterError for a hyper-parameter value typed wrong in the user's config (string, typo, zero)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
from sklearn.cluster import KMeans
from sklearn.ensemble import RandomForestClassifier
from sklearn.svm import SVC

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
with open("params.json", "w") as f:
    json.dump([{"kernel": "rbg", "C": 1.0}, {"n_estimators": "200", "max_depth": 8}, {"n_clusters": 0}][V], f)

rng = np.random.default_rng(0)
X, y = rng.normal(size=(80, 5)), rng.integers(0, 2, 80)


def make_model(params):
    return [SVC, RandomForestClassifier, KMeans][V](**params)


with open("params.json") as f:
    params = json.load(f)
print("params:", params)
model = make_model(params)
model.fit(X, y)
print("fitted", model)
