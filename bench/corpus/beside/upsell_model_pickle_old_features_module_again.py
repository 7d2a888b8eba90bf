"""A teammate's upsell model, pickled last month with its SpendBands transformer from the top-level features.py, is loaded after the refactor moved features.py into churnlib/features/."""
# beside: pipeline-pickle-references-old-features-module
# why: the pickle records features.SpendBands from before the package refactor moved the module, the entry's own cause and fix (a features shim or re-pickling).
EXPECT = ["pipeline-pickle-references-old-features-module"]
VARIANTS = 2

import importlib
import logging
import os
import shutil
import sys

import joblib
import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.pipeline import make_pipeline

VARIANT = int(sys.argv[1])
log = logging.getLogger("upsell.batch")

FEATURES_PY = '''
import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin


class SpendBands(BaseEstimator, TransformerMixin):
    def __init__(self, edges=(20, 50, 100, 250)):
        self.edges = edges

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        X = np.asarray(X, dtype=float)
        return np.column_stack([np.digitize(X[:, 0], self.edges), X[:, 1:]])
'''

MODEL = {0: "models/upsell/model.joblib", 1: "registry/upsell-2024-05-20/model.joblib"}[VARIANT]


def train_last_month():
    with open("features.py", "w") as fh:
        fh.write(FEATURES_PY)
    sys.path.insert(0, os.getcwd())
    import features

    rng = np.random.default_rng(5)
    x = np.column_stack([rng.uniform(5, 400, 600), rng.integers(0, 12, 600)])
    pipe = make_pipeline(features.SpendBands(), RandomForestClassifier(n_estimators=20, random_state=0)).fit(x, rng.integers(0, 2, 600))
    os.makedirs(os.path.dirname(MODEL), exist_ok=True)
    joblib.dump(pipe, MODEL)


def refactor():
    os.makedirs("churnlib/features", exist_ok=True)
    open("churnlib/__init__.py", "w").close()
    with open("churnlib/features/__init__.py", "w") as fh:
        fh.write("from .transformers import SpendBands\n")
    shutil.move("features.py", "churnlib/features/transformers.py")
    shutil.rmtree("__pycache__", ignore_errors=True)
    del sys.modules["features"]
    importlib.invalidate_caches()


class UpsellScorer:
    def __init__(self, path):
        import churnlib.features  # noqa: F401

        self.model = joblib.load(path)

    def score(self, rows):
        return self.model.predict_proba(rows)[:, 1]


def main():
    train_last_month()
    refactor()
    log.info("loading %s", MODEL)
    scorer = UpsellScorer(MODEL)
    print(scorer.score(np.array([[120.0, 3], [15.0, 0]])))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("upsell batch scoring failed")
            sys.exit(1)
    else:
        main()
