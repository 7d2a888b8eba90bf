"""A teammate's churn features attach plan and region from the CRM's dim_customer export (SCD type 2, one row per version) to monthly subscription rows."""
# beside: crm-customer-dim-scd2-duplicate-customer-rows
# why: dim_customer has a row per customer version (valid_from/valid_to) and is joined on customer_id as if it had one row per customer, the entry's cause and fix.
EXPECT = ["crm-customer-dim-scd2-duplicate-customer-rows"]
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def write_dim_customer(n, seed):
    """The CRM's nightly dim_customer export (SCD type 2)."""
    rng = np.random.default_rng(seed)
    rows = []
    for cid in range(70000, 70000 + n):
        changes = int(rng.choice([0, 0, 0, 0, 1, 2]))
        start = pd.Timestamp("2023-01-01") + pd.Timedelta(days=int(rng.integers(0, 200)))
        for v in range(changes + 1):
            rows.append(
                {
                    "customer_id": cid,
                    "plan": str(rng.choice(["starter", "team", "business"])),
                    "region": str(rng.choice(["emea", "amer", "apac"])),
                    "valid_from": (start + pd.Timedelta(days=150 * v)).date(),
                    "valid_to": None if v == changes else (start + pd.Timedelta(days=150 * (v + 1))).date(),
                }
            )
    pd.DataFrame(rows).to_csv("crm/dim_customer.csv", index=False)


def subscriptions(n_customers, months):
    rng = np.random.default_rng(5)
    ids = rng.choice(np.arange(70000, 70000 + n_customers), n_customers // 2, replace=False)
    return pd.DataFrame([{"customer_id": c, "month": m, "mrr": float(rng.integers(20, 400))} for c in ids for m in months])


def attach_customer_attrs(subs):
    dim = pd.read_csv("crm/dim_customer.csv", parse_dates=["valid_from", "valid_to"])
    return subs.join(dim.set_index("customer_id")[["plan", "region"]], on="customer_id", validate="many_to_one")


def build_churn_features(n_customers, months):
    subs = subscriptions(n_customers, months)
    logging.info("%d subscription rows", len(subs))
    return attach_customer_attrs(subs)


def main():
    import os

    os.makedirs("crm", exist_ok=True)
    n = {0: 400, 1: 1500}[VARIANT]
    write_dim_customer(n, VARIANT)
    months = {0: ["2024-04", "2024-05"], 1: ["2024-03", "2024-04", "2024-05", "2024-06"]}[VARIANT]
    features = build_churn_features(n, months)
    print(features.groupby(["month", "plan"])["mrr"].mean())


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s churn_features: %(message)s")
    main()
