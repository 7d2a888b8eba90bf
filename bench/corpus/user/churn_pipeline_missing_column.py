"""Churn pipeline was fitted with a tenure_months column; the serving feature builder now emits tenure instead."""
EXPECT = ["churn-pipeline-serving-frame-missing-tenure-months"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

VARIANT = int(sys.argv[1])
NUMERIC = ["tenure_months", "monthly_charges", "n_support_tickets"]
CATEGORICAL = ["plan", "payment_method"]


def training_frame(n, rng):
    return pd.DataFrame(
        {
            "tenure_months": rng.integers(0, 72, n),
            "monthly_charges": rng.normal(60, 20, n).round(2),
            "n_support_tickets": rng.poisson(1.2, n),
            "plan": rng.choice(["basic", "plus", "pro"], n),
            "payment_method": rng.choice(["card", "sepa", "invoice"], n),
            "churned": rng.integers(0, 2, n),
        }
    )


def fit_pipeline(df):
    pre = ColumnTransformer(
        [("num", StandardScaler(), NUMERIC), ("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL)]
    )
    pipe = Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=500))])
    return pipe.fit(df[NUMERIC + CATEGORICAL], df["churned"])


def serving_features(accounts):
    """Feature builder used by the scoring service (refactored in the billing-v2 migration)."""
    return pd.DataFrame(
        {
            "tenure": [a["tenure"] for a in accounts],
            "monthly_charges": [a["charges"] for a in accounts],
            "n_support_tickets": [a["tickets"] for a in accounts],
            "plan": [a["plan"] for a in accounts],
            "payment_method": [a["payment"] for a in accounts],
        }
    )


def score_accounts(pipe, accounts):
    X = serving_features(accounts)
    return pipe.predict_proba(X)[:, 1]


def main():
    rng = np.random.default_rng(VARIANT)
    pipe = fit_pipeline(training_frame(2000 + 500 * VARIANT, rng))
    n = {0: 5, 1: 64, 2: 1, 3: 250}[VARIANT]
    accounts = [
        {"tenure": int(rng.integers(0, 72)), "charges": float(rng.normal(60, 20)), "tickets": int(rng.poisson(1)),
         "plan": str(rng.choice(["basic", "plus", "pro"])), "payment": "card"}
        for _ in range(n)
    ]
    if VARIANT == 3:
        for i in range(0, n, 100):
            print(f"scoring batch {i // 100}: accounts {i}..{min(i + 100, n) - 1}")
            score_accounts(pipe, accounts[i : i + 100])
    else:
        print(score_accounts(pipe, accounts))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("churn.scoring")
        log.info("loaded pipeline churn_lr_v5")
        try:
            main()
        except Exception:
            log.exception("scoring request failed")
            sys.exit(1)
    else:
        main()
