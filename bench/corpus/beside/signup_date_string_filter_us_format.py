"""The churn retrain keeps accounts that signed up since 2023 with a string comparison on signup_date; this CRM export writes dates as MM/DD/YYYY text, so every '03/15/2023' sorts before '2023-01-01' and nothing is kept."""
# beside: smb-churn-retrain-crm-segment-values-renamed
# why: the rows are lost to a date filter comparing unparsed MM/DD/YYYY strings with an ISO string in the user's code, not to a segment value renamed in the CRM; the fix is pd.to_datetime before filtering.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])
FEATURES = ["tenure_months", "seats", "monthly_spend", "logins_30d", "tickets_90d", "nps"]


def export(path):
    rng = np.random.default_rng(VARIANT)
    n = 1500
    days = pd.to_datetime("2021-01-01") + pd.to_timedelta(rng.integers(0, 1200, n), unit="D")
    frame = pd.DataFrame({"account_id": [f"A{i}" for i in range(n)], "segment": "SMB",
                          "signup_date": days.strftime("%m/%d/%Y"),
                          **{f: rng.integers(0, 100, n) for f in FEATURES}, "churned": rng.random(n) < 0.1})
    os.makedirs(os.path.dirname(path), exist_ok=True)
    frame.to_csv(path, index=False)


def retrain(accounts):
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=500))
    return model.fit(accounts[FEATURES], accounts["churned"])


path = {0: "exports/crm/accounts_2024-06.csv", 1: "exports/crm/accounts_2024-07.csv"}[VARIANT]
export(path)
accounts = pd.read_csv(path)
recent = accounts[accounts["signup_date"] >= "2023-01-01"]
print(f"{len(recent)} accounts signed up since 2023")
retrain(recent)
