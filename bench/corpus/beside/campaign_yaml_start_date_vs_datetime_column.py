"""The campaign-uplift analysis filters orders from the campaign's start_date in campaigns.yaml, which YAML parses into a datetime.date, against the orders' parsed order_ts column."""
# beside: events-export-utc-z-timestamps-naive-cutoff
# why: no timezone on either side: the bound is a plain datetime.date from the YAML loader, which pandas will not compare with a datetime64 column; the fix is pd.Timestamp(start_date), not UTC handling.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
import yaml

VARIANT = int(sys.argv[1])
CAMPAIGN = {0: "summer_sale", 1: "back_to_school"}[VARIANT]


def write_inputs(rng):
    os.makedirs("config", exist_ok=True)
    with open("config/campaigns.yaml", "w") as f:
        f.write("campaigns:\n  summer_sale:\n    start_date: 2024-06-15\n    end_date: 2024-06-30\n"
                "  back_to_school:\n    start_date: 2024-08-19\n    end_date: 2024-09-08\n")
    n = 4000
    ts = pd.Timestamp("2024-06-01") + pd.to_timedelta(rng.integers(0, 120 * 86_400, n), unit="s")
    os.makedirs("data", exist_ok=True)
    pd.DataFrame({"order_ts": ts.strftime("%Y-%m-%d %H:%M:%S"), "order_value": rng.gamma(2.0, 30.0, n).round(2),
                  "customer_id": rng.integers(1, 9000, n)}).to_csv("data/orders.csv", index=False)


def campaign_orders(orders, campaign):
    start, end = campaign["start_date"], campaign["end_date"]
    return orders[(orders["order_ts"] >= start) & (orders["order_ts"] <= end)]


if __name__ == "__main__":
    write_inputs(np.random.default_rng(VARIANT))
    with open("config/campaigns.yaml") as f:
        campaigns = yaml.safe_load(f)["campaigns"]
    orders = pd.read_csv("data/orders.csv", parse_dates=["order_ts"])
    print(f"{len(orders)} orders; campaign {CAMPAIGN}: {campaigns[CAMPAIGN]}")
    during = campaign_orders(orders, campaigns[CAMPAIGN])
    print("uplift", during["order_value"].mean() / orders["order_value"].mean())
