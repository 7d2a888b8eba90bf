"""A teammate's upsell model scores accounts with the same FeatureServiceClient, which returns the feature columns sorted by name."""
# beside: feature-service-client-returns-columns-sorted
# why: the online frame's columns come back alphabetically from the team's feature-service client while the model was fit in training order, the entry's cause and fix.
EXPECT = ["feature-service-client-returns-columns-sorted"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])

COLUMNS = ["seats", "usage_30d", "admin_logins", "api_calls_30d"]


class FeatureServiceClient:
    def __init__(self, store):
        self.store = store

    def get_online_features(self, entity_ids, names):
        return pd.DataFrame([self.store[e] for e in entity_ids], index=entity_ids)[sorted(names)]


rng = np.random.default_rng(30 + VARIANT)
train = pd.DataFrame({c: rng.gamma(2, 10, 800) for c in COLUMNS})
model = make_pipeline(StandardScaler(), LogisticRegression()).fit(train, rng.integers(0, 2, 800))
store = {f"org-{i}": {c: float(v) for c, v in zip(COLUMNS, rng.gamma(2, 10, 4))} for i in range(30)}
orgs = [f"org-{i}" for i in range({0: 12, 1: 30}[VARIANT])]
online = FeatureServiceClient(store).get_online_features(orgs, COLUMNS)
if VARIANT == 1:
    print(f"upsell: scoring {len(online)} orgs")
print(model.predict_proba(online)[:, 1].round(3))
