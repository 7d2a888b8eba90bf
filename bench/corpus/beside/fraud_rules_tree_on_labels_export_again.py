"""A teammate fits a shallow decision tree on the risk team's fraud_labels.csv to propose new rules."""
# beside: fraud-labels-export-label-now-analyst-score
# why: the risk export's label column now holds the analysts' fraud_score (0..1) instead of 0/1 is_fraud, exactly the entry's cause and fix.
EXPECT = ["fraud-labels-export-label-now-analyst-score"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.tree import DecisionTreeClassifier, export_text

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(30 + VARIANT)
n = {0: 3000, 1: 600}[VARIANT]
# the risk team's weekly export (v4)
pd.DataFrame({"txn_id": np.arange(n), "label": rng.beta(0.4, 3.0, n).round(3), "reviewed_by": rng.choice(["ana", "ben"], n)}).to_csv(
    "fraud_labels.csv", index=False)
txns = pd.DataFrame({"txn_id": np.arange(n), "amount": rng.lognormal(3, 1, n), "hour": rng.integers(0, 24, n),
                     "country_mismatch": rng.integers(0, 2, n)})
data = txns.merge(pd.read_csv("fraud_labels.csv"), on="txn_id")
tree = DecisionTreeClassifier(max_depth=3).fit(data[["amount", "hour", "country_mismatch"]], data["label"])
print(export_text(tree))
