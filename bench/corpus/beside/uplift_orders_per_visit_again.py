"""A teammate's uplift model builds the same orders-per-visit ratio from the web-analytics table's web_visits_90d."""
# beside: orders-per-visit-inf-app-only-customers
# why: app-only customers have orders but 0 web visits in the web-analytics table, so orders / web_visits is inf, exactly the entry's cause and fix.
EXPECT = ["orders-per-visit-inf-app-only-customers"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import LinearRegression

VARIANT = int(sys.argv[1])


def uplift_frame(n):
    rng = np.random.default_rng(40 + VARIANT)
    customers = pd.DataFrame({"customer_id": np.arange(n), "orders_90d": rng.integers(1, 15, n),
                              "treated": rng.integers(0, 2, n), "spend_delta": rng.normal(0, 20, n)})
    web = pd.DataFrame({"customer_id": np.arange(n), "web_visits_90d": np.where(rng.random(n) < 0.2, 0, rng.integers(1, 30, n))})
    frame = customers.merge(web, on="customer_id")
    frame["orders_per_visit"] = frame["orders_90d"] / frame["web_visits_90d"]
    return frame


frame = uplift_frame({0: 900, 1: 2400}[VARIANT])
if VARIANT == 1:
    print(f"uplift training set: {len(frame)} customers")
X = frame[["orders_90d", "web_visits_90d", "orders_per_visit", "treated"]].to_numpy()
model = RandomForestRegressor(n_estimators=20, random_state=0) if VARIANT == 1 else LinearRegression()
model.fit(X, frame["spend_delta"].to_numpy())
