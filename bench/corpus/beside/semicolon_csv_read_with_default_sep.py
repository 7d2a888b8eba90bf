"""A semicolon-separated export is read with read_csv's default comma separator, so the whole header becomes one column."""
# beside: feature-list-txt-crlf-line-endings
# why: the frame has one column because of the wrong separator; the feature names are clean, no CRLF in a feature list.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

FEATURES = {0: ["tenure_months", "monthly_charges"], 1: ["utilization", "income", "open_lines"]}[VARIANT]
rng = np.random.default_rng(VARIANT)
pd.DataFrame({c: rng.uniform(0, 100, 50).round(1) for c in FEATURES}).to_csv("accounts_export.csv", sep=";", index=False)

accounts = pd.read_csv("accounts_export.csv")
if VARIANT == 1:
    print(f"{accounts.shape[0]} accounts")
X = accounts[FEATURES]
