"""train.py's save_model was switched to joblib.dump(..., compress=3) to shrink the model bucket; serving/app.py's load_model still opens models/churn/model.pkl with pickle.load, which cannot read joblib's zlib-compressed stream."""
EXPECT = ["model-export-joblib-compress-loaded-with-pickle"]
VARIANTS = 4

import logging
import os
import pickle
import sys

import joblib
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])
MODEL_PATH = {0: "models/churn/model.pkl", 1: "artifacts/churn/2024-06-10/model.pkl", 2: "models/churn/model.pkl", 3: "models/churn/model.pkl"}[VARIANT]


def train():
    rng = np.random.default_rng(VARIANT)
    X = rng.normal(size=(400, 9))
    y = (X[:, 0] + rng.normal(size=400) > 0).astype(int)
    return make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)


def save_model(model, path):
    """train.py: compress=3 added in 'smaller artifacts' (the bucket bill)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    joblib.dump(model, path, compress=3)


def load_model(path):
    """serving/app.py"""
    with open(path, "rb") as fh:
        return pickle.load(fh)


class ChurnService:
    def __init__(self, path):
        self.model = load_model(path)

    def predict(self, rows):
        return self.model.predict_proba(rows)[:, 1]


def main():
    save_model(train(), MODEL_PATH)
    if VARIANT == 3:
        print(f"saved {MODEL_PATH} ({os.path.getsize(MODEL_PATH)} bytes)")
        print("starting churn-serving")
    if VARIANT == 1:
        service = ChurnService(MODEL_PATH)
        print(service.predict(np.zeros((1, 9))))
    else:
        load_model(MODEL_PATH)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s churn-serving: %(message)s")
        logging.info("loading model")
        try:
            main()
        except Exception:
            logging.exception("startup failed")
            sys.exit(1)
    else:
        main()
