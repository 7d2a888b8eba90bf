"""The upsell model's is_member column is concatenated from two CRM exports: the old CRM's CSV writes 'yes'/'no', the new CRM's JSON API returns true/false, and the model ordinal-encodes it."""
# beside: clean-frame-fillna-zero-blank-device-type-encoder
# why: no missing values and no fillna: two sources encode the same flag differently (strings vs booleans) and are concatenated as-is, so the fix is normalizing is_member when merging the sources.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder
from sklearn.compose import make_column_transformer

VARIANT = int(sys.argv[1])


def write_sources(rng, n_old, n_new):
    os.makedirs("crm", exist_ok=True)
    pd.DataFrame({"customer_id": np.arange(n_old), "is_member": rng.choice(["yes", "no"], n_old),
                  "region": rng.choice(["north", "south"], n_old), "spend_12m": rng.gamma(2.0, 200.0, n_old).round(2),
                  "bought_upsell": rng.integers(0, 2, n_old)}).to_csv("crm/legacy_customers.csv", index=False)
    new = [{"customer_id": int(n_old + i), "is_member": bool(rng.random() < 0.4), "region": str(rng.choice(["north", "south"])),
            "spend_12m": round(float(rng.gamma(2.0, 200.0)), 2), "bought_upsell": int(rng.integers(0, 2))} for i in range(n_new)]
    with open("crm/api_customers.json", "w") as f:
        json.dump({"customers": new}, f)


def load_customers():
    legacy = pd.read_csv("crm/legacy_customers.csv")
    with open("crm/api_customers.json") as f:
        api = pd.DataFrame(json.load(f)["customers"])
    print(f"legacy {len(legacy)} rows, api {len(api)} rows")
    return pd.concat([legacy, api], ignore_index=True)


if __name__ == "__main__":
    write_sources(np.random.default_rng(VARIANT), {0: 300, 1: 2000}[VARIANT], {0: 100, 1: 1500}[VARIANT])
    customers = load_customers()
    enc = make_column_transformer((OrdinalEncoder(), ["is_member", "region"]), remainder="passthrough")
    model = make_pipeline(enc, HistGradientBoostingClassifier(max_iter=50))
    model.fit(customers[["is_member", "region", "spend_12m"]], customers["bought_upsell"])
    print("upsell model trained")
