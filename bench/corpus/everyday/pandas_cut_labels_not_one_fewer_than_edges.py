"""pd.cut given as many labels as bin edges (or an int number of bins with a label list of another length): ValueError: Bin labels must be one fewer than the number of bin edges."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(23)

AGE_EDGES = [18, 25, 35, 45, 55, 65, 120]
AGE_LABELS = ["18-24", "25-34", "35-44", "45-54", "55-64", "65+", "unknown"]


def add_age_band(customers):
    customers["age_band"] = pd.cut(customers["age"], bins=AGE_EDGES, labels=AGE_LABELS, right=False)
    return customers


def basket_quintiles(baskets):
    return pd.cut(baskets, bins=5, labels=["q1", "q2", "q3", "q4"])


def write_tier_config(path):
    with open(path, "w") as f:
        json.dump({"spend_edges": [0, 100, 500, 2000, 10000], "spend_labels": ["low", "mid", "high", "vip", "whale"]}, f)


def spend_tiers(path, spend):
    with open(path) as f:
        cfg = json.load(f)
    return pd.cut(spend, bins=cfg["spend_edges"] + [np.inf], labels=cfg["spend_labels"] + ["top"])


if V == 0:
    customers = pd.DataFrame({"customer_id": range(8), "age": rng.integers(18, 90, 8)})
    print(add_age_band(customers))
elif V == 1:
    print(basket_quintiles(pd.Series(rng.gamma(2, 30, 50))).value_counts())
else:
    write_tier_config("tiers.json")
    print("assigning spend tiers for 200 customers", flush=True)
    print(spend_tiers("tiers.json", pd.Series(rng.gamma(1.5, 800, 200))).value_counts())
