"""The team's feature-service client returns the feature columns sorted by name; the churn model was fit on the training frame's column order."""
EXPECT = ["feature-service-client-returns-columns-sorted"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier

VARIANT = int(sys.argv[1])

TRAIN_COLUMNS = {
    0: ["tenure_months", "monthly_charges", "n_tickets", "days_since_login"],
    1: ["sessions_7d", "avg_basket", "coupon_rate", "returns_90d", "age_days"],
    2: ["tenure_months", "monthly_charges", "n_tickets", "days_since_login"],
    3: ["utilization", "income", "late_payments_12m"],
}[VARIANT]


def training_frame(n):
    rng = np.random.default_rng(VARIANT)
    return pd.DataFrame({c: rng.normal(size=n) for c in TRAIN_COLUMNS}), rng.integers(0, 2, n)


class FeatureServiceClient:
    """Thin wrapper over the online feature service; the service returns a {name: value} map per entity."""

    def __init__(self, store):
        self.store = store

    def get_online_features(self, entity_ids, names):
        rows = [self.store[e] for e in entity_ids]
        frame = pd.DataFrame(rows, index=entity_ids)
        return frame[sorted(names)]


def main():
    x, y = training_frame({0: 600, 1: 1500, 2: 800, 3: 400}[VARIANT])
    model = GradientBoostingClassifier(n_estimators=20, random_state=0).fit(x, y)
    store = {f"acct-{i}": dict(zip(TRAIN_COLUMNS, np.random.default_rng(i).normal(size=len(TRAIN_COLUMNS)))) for i in range(50)}
    client = FeatureServiceClient(store)
    ids = [f"acct-{i}" for i in range({0: 10, 1: 50, 2: 5, 3: 20}[VARIANT])]
    online = client.get_online_features(ids, TRAIN_COLUMNS)
    if VARIANT == 1:
        print(f"fetched {online.shape[1]} features for {len(online)} accounts")
        print(model.predict_proba(online)[:, 1])
    elif VARIANT == 3:
        for start in range(0, len(ids), 5):
            print(f"scoring batch {start // 5}")
            model.predict(client.get_online_features(ids[start : start + 5], TRAIN_COLUMNS))
    else:
        print(model.predict(online))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s churn_online: %(message)s")
        logging.info("model loaded, 4 features")
        try:
            main()
        except Exception:
            logging.exception("online scoring failed")
            sys.exit(1)
    else:
        main()
