"""The weekly KPI script aggregates units per store with agg("mean") where it meant "sum", and the report line formats units with :d."""
# beside: weekly-kpi-report-units-float-after-store-reindex
# why: every store has sales and no reindex happens; the float comes from the user's wrong aggregation (mean instead of sum).
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n_stores = {0: 40, 1: 90}[VARIANT]
sales = pd.DataFrame({"store_id": rng.integers(1, n_stores + 1, 4000), "units": rng.integers(1, 9, 4000)})
sales.to_csv("sales_2024-W23.csv", index=False)

sales = pd.read_csv("sales_2024-W23.csv")
table = sales.groupby("store_id", as_index=False).agg(units=("units", "mean"))
if VARIANT == 1:
    print(f"Weekly KPIs 2024-W23: {len(table)} stores")
for row in table.itertuples():
    print(f"store {row.store_id:>4d} units {row.units:>6d}")
