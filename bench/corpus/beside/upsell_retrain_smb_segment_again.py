"""A teammate's new upsell-propensity retrain trains one model per CRM segment from the same accounts export, with the segment names it had before the CRM's May taxonomy release."""
# beside: smb-churn-retrain-crm-segment-values-renamed
# why: the export now says "Small Business" and the job still selects segment == "SMB", so it fits on zero rows, the entry's cause and fix.
EXPECT = ["smb-churn-retrain-crm-segment-values-renamed"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])
FEATURES = ["seats", "monthly_spend", "logins_30d", "feature_adoption", "admin_users"]
SEGMENTS = {0: ["SMB", "Mid-Market"], 1: ["ENT"]}[VARIANT]

rng = np.random.default_rng(VARIANT)
n = 1800
accounts = pd.DataFrame({"segment": rng.choice(["Small Business", "Mid-Market", "Enterprise"], n),
                         **{f: rng.gamma(2, 10, n) for f in FEATURES}, "upgraded": rng.random(n) < 0.15})
os.makedirs("exports/crm", exist_ok=True)
accounts.to_csv("exports/crm/accounts_2024-06.csv", index=False)
accounts = pd.read_csv("exports/crm/accounts_2024-06.csv")
models = {}
for segment in SEGMENTS:
    rows = accounts[accounts.segment == segment]
    print(f"{segment}: {len(rows)} accounts")
    models[segment] = make_pipeline(StandardScaler(), GradientBoostingClassifier()).fit(rows[FEATURES], rows["upgraded"])
