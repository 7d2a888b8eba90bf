"""DataFrame.join of frames that share a non-key column (region, date) without lsuffix/rsuffix: ValueError: columns overlap but no suffix specified."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(11)


def load_orders(n=200):
    return pd.DataFrame({
        "order_id": np.arange(n),
        "customer_id": rng.integers(1, 40, size=n),
        "region": rng.choice(["north", "south", "west"], size=n),
        "basket_value": rng.gamma(2.0, 30.0, size=n).round(2),
    })


def load_customers():
    return pd.DataFrame({
        "customer_id": np.arange(1, 40),
        "region": rng.choice(["north", "south", "west"], size=39),
        "segment": rng.choice(["smb", "enterprise"], size=39),
    })


def attach_customer_attrs(orders, customers):
    return orders.join(customers.set_index("customer_id"), on="customer_id")


def daily_store_features(sales, weather):
    return sales.set_index(["store_id", "date"]).join(weather.set_index(["store_id", "date"]), how="left")


def combine_signal_tables(tables):
    base, *rest = tables
    return base.join(rest)


if V == 0:
    orders = load_orders()
    print(f"{len(orders)} orders, attaching customer attributes")
    enriched = attach_customer_attrs(orders, load_customers())
elif V == 1:
    dates = pd.date_range("2024-05-01", periods=5, freq="D")
    sales = pd.DataFrame({"store_id": 14, "date": dates, "units": rng.integers(50, 90, 5), "temp_c": np.nan})
    weather = pd.DataFrame({"store_id": 14, "date": dates, "temp_c": rng.normal(18, 3, 5).round(1), "rain_mm": rng.random(5).round(2)})
    print(daily_store_features(sales, weather))
else:
    idx = pd.Index(["u1", "u2", "u3"], name="user_id")
    clicks = pd.DataFrame({"clicks_7d": [4, 0, 9], "last_seen": ["2024-05-30", "2024-05-01", "2024-05-31"]}, index=idx)
    views = pd.DataFrame({"views_7d": [30, 2, 51], "last_seen": ["2024-05-30", "2024-05-02", "2024-05-31"]}, index=idx)
    carts = pd.DataFrame({"carts_7d": [1, 0, 3]}, index=idx)
    print("combining 3 signal tables")
    print(combine_signal_tables([carts, clicks, views]))
