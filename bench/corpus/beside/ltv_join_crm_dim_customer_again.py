"""A teammate's lifetime-value features join payments to the CRM's dim_customer export, one row per customer version (SCD type 2)."""
# beside: crm-customer-dim-scd2-duplicate-customer-rows
# why: the duplicate customer_ids are the SCD type 2 versions in the CRM's dim_customer export, joined as if there were one row per customer, the entry's cause and fix.
EXPECT = ["crm-customer-dim-scd2-duplicate-customer-rows"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(20 + VARIANT)
n = {0: 200, 1: 700}[VARIANT]
versions = rng.choice([1, 1, 1, 2, 3], n)
dim_customer = pd.DataFrame(
    {
        "customer_id": np.repeat(np.arange(5000, 5000 + n), versions),
        "segment": rng.choice(["smb", "mid", "ent"], versions.sum()),
        "valid_from": pd.Timestamp("2023-01-01") + pd.to_timedelta(rng.integers(0, 400, versions.sum()), unit="D"),
    }
)
dim_customer = dim_customer.sort_values(["customer_id", "valid_from"], ignore_index=True)
dim_customer["valid_to"] = dim_customer.groupby("customer_id")["valid_from"].shift(-1)  # NaT = current version
dim_customer.to_csv("dim_customer.csv", index=False)
payments = pd.DataFrame({"customer_id": rng.integers(5000, 5000 + n, 3 * n), "paid": rng.gamma(2, 40, 3 * n).round(2)})

customers = pd.read_csv("dim_customer.csv")
if VARIANT == 1:
    print(f"dim_customer: {customers.customer_id.nunique()} customers, {len(customers)} rows")
    ltv = payments.groupby("customer_id", as_index=False)["paid"].sum().merge(customers, on="customer_id", validate="many_to_one")
else:
    ltv = payments.merge(customers[["customer_id", "segment"]], on="customer_id", how="left", validate="m:1")
