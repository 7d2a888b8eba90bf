"""The conversion model's orders_per_visit feature divides orders by web_visits from the web-analytics table, which counts web sessions only; app-only customers have orders but 0 web visits, so the ratio is inf."""
EXPECT = ["orders-per-visit-inf-app-only-customers"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])


def load_orders(n, seed):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "customer_id": np.arange(n),
            "orders_90d": rng.integers(1, 12, n),
            "aov": rng.uniform(15, 180, n).round(2),
            "repeat_buyer": rng.integers(0, 2, n),
        }
    )


def load_web_analytics(n, seed):
    """Sessions from the web-analytics warehouse table (web only; the app is tracked elsewhere)."""
    rng = np.random.default_rng(seed + 100)
    visits = rng.integers(1, 40, n)
    app_only = rng.random(n) < 0.15
    visits[app_only] = 0
    return pd.DataFrame({"customer_id": np.arange(n), "web_visits_90d": visits})


def build_features(orders, web):
    frame = orders.merge(web, on="customer_id", how="inner")
    frame["orders_per_visit"] = frame["orders_90d"] / frame["web_visits_90d"]
    return frame


FEATURES = ["orders_90d", "aov", "web_visits_90d", "orders_per_visit"]


def main():
    n = {0: 1000, 1: 3000, 2: 700, 3: 5000}[VARIANT]
    frame = build_features(load_orders(n, VARIANT), load_web_analytics(n, VARIANT))
    if VARIANT == 1:
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        print(f"training on {len(frame)} customers, {len(FEATURES)} features")
        make_pipeline(StandardScaler(), LogisticRegression(max_iter=500)).fit(frame[FEATURES], frame["repeat_buyer"])
    elif VARIANT == 3:
        from sklearn.ensemble import GradientBoostingClassifier

        for week in range(1, 4):
            print(f"week {week}: {len(frame) // 3} customers scored")
        GradientBoostingClassifier(n_estimators=20).fit(frame[FEATURES].to_numpy(), frame["repeat_buyer"].to_numpy())
    else:
        LogisticRegression(max_iter=500).fit(frame[FEATURES].to_numpy(), frame["repeat_buyer"].to_numpy())


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s conversion: %(message)s")
        logging.info("fitting repeat-buyer model")
        try:
            main()
        except Exception:
            logging.exception("fit failed")
            sys.exit(1)
    else:
        main()
