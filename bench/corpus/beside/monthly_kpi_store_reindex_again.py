"""A teammate's monthly KPI report reindexes the month's unit totals over stores_master, which lists stores opened this month with no sales yet."""
# beside: weekly-kpi-report-units-float-after-store-reindex
# why: the reindex over stores_master gives new stores NaN units, turning the column float64 before the :d format, exactly the entry's cause and fix.
EXPECT = ["weekly-kpi-report-units-float-after-store-reindex"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(70 + VARIANT)
n_old, n_new = {0: (30, 2), 1: (75, 4)}[VARIANT]
pd.DataFrame({"store_id": np.arange(1, n_old + n_new + 1), "opened": ["2019-01-01"] * n_old + ["2024-06-10"] * n_new}).to_csv(
    "stores_master.csv", index=False)
pd.DataFrame({"store_id": rng.integers(1, n_old + 1, 9000), "units": rng.integers(1, 6, 9000)}).to_csv("sales_2024-06.csv", index=False)

stores = pd.read_csv("stores_master.csv").set_index("store_id")
monthly = pd.read_csv("sales_2024-06.csv").groupby("store_id")["units"].sum().reindex(stores.index)
lines = [f"{sid:>5d} | {units:>7,d}" for sid, units in monthly.items()]
print("\n".join(["store |   units"] + lines))
