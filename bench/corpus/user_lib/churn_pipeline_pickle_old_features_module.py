"""The package refactor moved the team's custom transformers from features.py into churnlib/features/; pipelines pickled before it still reference the module features."""
EXPECT = ["pipeline-pickle-references-old-features-module"]
VARIANTS = 4

import importlib
import logging
import os
import pickle
import shutil
import sys

import joblib
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline

VARIANT = int(sys.argv[1])

FEATURES_PY = '''
import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin


class TenureBuckets(BaseEstimator, TransformerMixin):
    def __init__(self, edges=(6, 12, 24, 48)):
        self.edges = edges

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        X = np.asarray(X, dtype=float)
        return np.column_stack([np.digitize(X[:, 0], self.edges), X[:, 1:]])
'''

MODEL_PATH = {0: "models/churn/pipeline.joblib", 1: "models/churn/pipeline.pkl", 2: "models/churn/pipeline.joblib", 3: "registry/churn-2024-05/model.joblib"}[VARIANT]


def train_before_refactor():
    """The pipeline as it was trained and saved last month, when features.py sat at the repo root."""
    with open("features.py", "w") as fh:
        fh.write(FEATURES_PY)
    sys.path.insert(0, os.getcwd())
    import features

    rng = np.random.default_rng(VARIANT)
    x = np.column_stack([rng.integers(1, 72, 400), rng.uniform(10, 120, 400)])
    pipe = make_pipeline(features.TenureBuckets(), LogisticRegression()).fit(x, rng.integers(0, 2, 400))
    os.makedirs(os.path.dirname(MODEL_PATH), exist_ok=True)
    if MODEL_PATH.endswith(".pkl"):
        with open(MODEL_PATH, "wb") as fh:
            pickle.dump(pipe, fh)
    else:
        joblib.dump(pipe, MODEL_PATH)


def refactor():
    """The current checkout: features.py now lives in churnlib/features/transformers.py."""
    os.makedirs("churnlib/features", exist_ok=True)
    open("churnlib/__init__.py", "w").close()
    with open("churnlib/features/__init__.py", "w") as fh:
        fh.write("from .transformers import TenureBuckets\n")
    shutil.move("features.py", "churnlib/features/transformers.py")
    shutil.rmtree("__pycache__", ignore_errors=True)
    del sys.modules["features"]
    importlib.invalidate_caches()


def load_model(path):
    import churnlib.features  # noqa: F401  (the transformers the pipeline needs)

    if path.endswith(".pkl"):
        with open(path, "rb") as fh:
            return pickle.load(fh)
    return joblib.load(path)


def main():
    train_before_refactor()
    refactor()
    if VARIANT == 3:
        print("scoring service starting")
        print(f"model: {MODEL_PATH}")
    model = load_model(MODEL_PATH)
    batch = pd.DataFrame({"tenure_months": [3, 40], "monthly_charges": [80.0, 35.5]})
    print(model.predict_proba(batch.to_numpy())[:, 1])


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s score_churn: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("could not load churn model")
            sys.exit(1)
    else:
        main()
