"""The CRM's segment taxonomy was renamed in the May release ("SMB" became "Small Business", "ENT" "Enterprise"); the monthly SMB churn retrain still selects accounts with segment == "SMB", gets no rows, and the pipeline's scaler is fit on an empty matrix."""
EXPECT = ["smb-churn-retrain-crm-segment-values-renamed"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])
SEGMENT = {0: "SMB", 1: "ENT", 2: "SMB", 3: "SMB"}[VARIANT]  # jobs/retrain_churn.py --segment
FEATURES = {0: ["tenure_months", "seats", "monthly_spend", "logins_30d", "tickets_90d", "nps"],
            1: ["tenure_months", "seats", "monthly_spend", "logins_30d"],
            2: ["tenure_months", "seats", "monthly_spend", "logins_30d", "tickets_90d", "nps"],
            3: ["tenure_months", "seats", "monthly_spend", "logins_30d", "tickets_90d", "nps"]}[VARIANT]


def crm_accounts_export(path):
    """The CRM's monthly accounts export, after the May taxonomy release."""
    rng = np.random.default_rng(VARIANT)
    n = 2000
    frame = pd.DataFrame({
        "account_id": [f"A{100000 + i}" for i in range(n)],
        "segment": rng.choice(["Small Business", "Mid-Market", "Enterprise"], n, p=[0.6, 0.3, 0.1]),
        "tenure_months": rng.integers(1, 96, n),
        "seats": rng.integers(1, 500, n),
        "monthly_spend": rng.gamma(2, 300, n).round(2),
        "logins_30d": rng.poisson(40, n),
        "tickets_90d": rng.poisson(2, n),
        "nps": rng.integers(-100, 101, n),
        "churned": rng.random(n) < 0.12,
    })
    os.makedirs(os.path.dirname(path), exist_ok=True)
    frame.to_csv(path, index=False)


def load_segment(path, segment):
    accounts = pd.read_csv(path)
    return accounts[accounts["segment"] == segment]


def retrain(accounts):
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=500))
    model.fit(accounts[FEATURES], accounts["churned"])
    return model


def main():
    path = {0: "exports/crm/accounts_2024-06.csv", 1: "data/crm/accounts.csv",
            2: "exports/crm/accounts_2024-06.csv", 3: "exports/crm/accounts_2024-06.csv"}[VARIANT]
    crm_accounts_export(path)
    if VARIANT == 3:
        print("monthly churn retrain 2024-06")
        print(f"reading {path}")
    accounts = load_segment(path, SEGMENT)
    print(f"segment {SEGMENT}: {len(accounts)} accounts")
    if VARIANT == 1:
        models = {SEGMENT: retrain(accounts)}
    else:
        retrain(accounts)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s retrain_churn: %(message)s")
        logging.info("retraining churn model for segment %s", SEGMENT)
        try:
            main()
        except Exception:
            logging.exception("retrain failed")
            sys.exit(1)
    else:
        main()
