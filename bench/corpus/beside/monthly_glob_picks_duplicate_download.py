"""The loader globs customers*.csv and also picks up "customers (1).csv", a second download of the same file, so every customer appears twice."""
# beside: crm-customer-dim-scd2-duplicate-customer-rows
# why: the duplicates are a copy of the same file matched by a loose glob, not SCD type 2 history rows in the CRM export.
EXPECT = []
VARIANTS = 2

import glob
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 150, 1: 600}[VARIANT]
customers = pd.DataFrame({"customer_id": np.arange(n), "country": rng.choice(["DE", "FR", "NL"], n)})
customers.to_csv("customers.csv", index=False)
customers.to_csv("customers (1).csv", index=False)  # the browser's second download
orders = pd.DataFrame({"order_id": np.arange(4 * n), "customer_id": rng.integers(0, n, 4 * n)})

files = sorted(glob.glob("customers*.csv"))
if VARIANT == 1:
    print(f"reading {files}")
frame = pd.concat([pd.read_csv(f) for f in files], ignore_index=True)
orders.merge(frame, on="customer_id", how="left", validate="many_to_one")
