"""A teammate's new jobs/score_batch.py opens models/churn/model.pkl with pickle.load; train.py's save_model writes it with joblib.dump(..., compress=3)."""
# beside: model-export-joblib-compress-loaded-with-pickle
# why: a joblib compress=3 export is read with plain pickle.load, the entry's cause and fix.
EXPECT = ["model-export-joblib-compress-loaded-with-pickle"]
VARIANTS = 2

import os
import pickle
import sys

import joblib
import numpy as np
from sklearn.ensemble import RandomForestClassifier

VARIANT = int(sys.argv[1])
path = {0: "models/churn/model.pkl", 1: "artifacts/churn/2024-07-01/model.pkl"}[VARIANT]
rng = np.random.default_rng(VARIANT)
X, y = rng.normal(size=(200, 6)), rng.integers(0, 2, 200)
os.makedirs(os.path.dirname(path), exist_ok=True)
joblib.dump(RandomForestClassifier(n_estimators=5).fit(X, y), path, compress=3)  # train.py save_model


def score_batch(model_path, rows):
    with open(model_path, "rb") as fh:
        model = pickle.load(fh)
    return model.predict_proba(rows)[:, 1]


if VARIANT == 1:
    print("score_batch: 5000 customers")
score_batch(path, rng.normal(size=(10, 6)))
