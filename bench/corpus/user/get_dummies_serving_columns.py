"""Model fitted on pd.get_dummies(train); at serving pd.get_dummies(batch) produces a different set of dummy columns."""
EXPECT = ["get-dummies-serving-batch-different-columns"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier

VARIANT = int(sys.argv[1])


def make_orders(n, rng, countries, channels):
    return pd.DataFrame(
        {
            "amount": rng.gamma(2.0, 30.0, n).round(2),
            "items": rng.integers(1, 8, n),
            "country": rng.choice(countries, n),
            "channel": rng.choice(channels, n),
        }
    )


def to_features(orders):
    return pd.get_dummies(orders, columns=["country", "channel"], dtype=float)


def train(rng):
    orders = make_orders(1500, rng, ["DE", "FR", "NL", "AT", "PL"], ["web", "app", "phone"])
    y = (orders["amount"] > 70).astype(int) ^ (rng.random(len(orders)) < 0.1)
    model = GradientBoostingClassifier(n_estimators=20, random_state=0)
    model.fit(to_features(orders), y)
    return model


def predict_fraud(model, batch):
    X = to_features(batch)
    return model.predict_proba(X)[:, 1]


def main():
    rng = np.random.default_rng(VARIANT)
    model = train(rng)
    batches = {
        0: (["DE", "FR"], ["web"]),
        1: (["PL", "NL", "DE"], ["app", "web"]),
        2: (["AT"], ["phone", "app"]),
        3: (["DE", "FR", "NL", "AT"], ["web", "app", "phone", "kiosk"]),
    }
    countries, channels = batches[VARIANT]
    batch = make_orders(12 * (VARIANT + 1), rng, countries, channels)
    if VARIANT == 3:
        print("fraud-scorer: model loaded (20 trees)")
        print(f"fraud-scorer: received batch of {len(batch)} orders")
    print(predict_fraud(model, batch))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("fraud-scorer: nightly batch started")
        try:
            main()
        except Exception:
            logging.exception("fraud-scorer: batch failed")
            sys.exit(1)
    else:
        main()
