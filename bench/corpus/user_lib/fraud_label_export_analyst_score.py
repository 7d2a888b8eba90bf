"""The risk team's label export (fraud_labels.csv) replaced the 0/1 is_fraud value of its label column with the analysts' fraud_score confidence (0..1); the fraud classifier trains on label unchanged."""
EXPECT = ["fraud-labels-export-label-now-analyst-score"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])


def risk_label_export(path, n, seed):
    """What the risk team's weekly job now writes (since v4 the label is the analyst's score)."""
    rng = np.random.default_rng(seed)
    pd.DataFrame(
        {
            "txn_id": np.arange(900000, 900000 + n),
            "label": rng.beta(0.4, 3.0, n).round(3),
            "reviewed_by": rng.choice(["ana", "ben", "chen"], n),
        }
    ).to_csv(path, index=False)


def transactions(n, seed):
    rng = np.random.default_rng(seed + 7)
    return pd.DataFrame(
        {
            "txn_id": np.arange(900000, 900000 + n),
            "amount": rng.lognormal(3, 1, n).round(2),
            "hour": rng.integers(0, 24, n),
            "new_device": rng.integers(0, 2, n),
            "card_age_days": rng.integers(0, 2000, n),
        }
    )


FEATURES = ["amount", "hour", "new_device", "card_age_days"]


def load_training_set(n):
    path = {0: "fraud_labels.csv", 1: "labels/fraud_labels_2024w23.csv", 2: "fraud_labels.csv", 3: "fraud_labels.csv"}[VARIANT]
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    risk_label_export(path, n, VARIANT)
    labels = pd.read_csv(path)
    return transactions(n, VARIANT).merge(labels[["txn_id", "label"]], on="txn_id")


def main():
    data = load_training_set({0: 2000, 1: 8000, 2: 1500, 3: 4000}[VARIANT])
    X, y = data[FEATURES], data["label"]
    if VARIANT == 1:
        from sklearn.ensemble import RandomForestClassifier

        print(f"{len(data)} labelled transactions, fraud rate {y.mean():.3f}")
        RandomForestClassifier(n_estimators=50, random_state=0).fit(X, y)
    elif VARIANT == 3:
        from sklearn.ensemble import HistGradientBoostingClassifier
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        print("loaded labels: 4000 rows")
        print("merged with transactions: 4000 rows")
        make_pipeline(StandardScaler(), HistGradientBoostingClassifier(max_iter=50)).fit(X, y)
    else:
        LogisticRegression(max_iter=500, class_weight="balanced").fit(X, y)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s fraud_train: %(message)s")
        logging.info("training fraud model on fraud_labels.csv")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
