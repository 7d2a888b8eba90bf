"""groupby on a key that exists twice as a column (concat axis=1 of two frames that both carry it, a column list naming it twice, a rename mapping two columns to one name): ValueError: Grouper for 'store_id' not 1-dimensional."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(5)


def footfall():
    return pd.DataFrame({"store_id": ["S1", "S2", "S3", "S1"], "visitors": rng.integers(100, 900, 4)})


def till_totals():
    return pd.DataFrame({"store_id": ["S1", "S2", "S3", "S1"], "revenue": rng.gamma(30, 40, 4).round(2)})


def conversion_by_store():
    daily = pd.concat([footfall(), till_totals()], axis=1)
    totals = daily.groupby("store_id").sum()
    return totals.revenue / totals.visitors


FEATURE_COLUMNS = ["customer_id", "tenure_months", "monthly_fee", "tickets_90d"]


def customer_rows():
    n = 12
    return pd.DataFrame({"customer_id": rng.integers(1, 5, n), "tenure_months": rng.integers(1, 60, n),
                         "monthly_fee": rng.choice([19.9, 29.9, 49.9], n), "tickets_90d": rng.integers(0, 6, n),
                         "plan": rng.choice(["basic", "pro"], n)})


def select_features(frame, key):
    return frame[FEATURE_COLUMNS + [key]]


def aggregate_customer_features(key="customer_id"):
    frame = select_features(customer_rows(), key)
    return frame.groupby(key).agg("mean")


def crm_merge():
    crm = pd.DataFrame({"cust_id": [1, 2, 3], "CustomerID": [1, 2, 3], "segment": ["smb", "smb", "ent"],
                        "arr": [1200, 800, 56000]})
    crm = crm.rename(columns={"cust_id": "customer_id", "CustomerID": "customer_id"})
    return crm.pivot_table(index="customer_id", columns="segment", values="arr", aggfunc="sum")


if V == 0:
    print(conversion_by_store())
elif V == 1:
    print(aggregate_customer_features())
else:
    for stage in ("extract crm", "normalise headers", "pivot arr"):
        print(f"crm-sync: {stage}", flush=True)
    print(crm_merge())
