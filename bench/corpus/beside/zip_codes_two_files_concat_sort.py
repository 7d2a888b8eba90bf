"""Two regional store lists are concatenated: the east file is read with dtype={"zip": str} to keep leading zeros, the west file without; the combined list is sorted by zip."""
# beside: crm-migration-mixed-int-and-string-customer-ids
# why: the mixed types come from the user reading two files with different dtype options, not from a CRM export that holds two id formats.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 50, 1: 200}[VARIANT]
pd.DataFrame({"store": [f"E{i}" for i in range(n)], "zip": [f"{z:05d}" for z in rng.integers(1000, 9999, n)]}).to_csv("stores_east.csv", index=False)
pd.DataFrame({"store": [f"W{i}" for i in range(n)], "zip": rng.integers(90000, 99999, n)}).to_csv("stores_west.csv", index=False)

east = pd.read_csv("stores_east.csv", dtype={"zip": str})
west = pd.read_csv("stores_west.csv")
stores = pd.concat([east, west], ignore_index=True)
if VARIANT == 1:
    print(f"{len(stores)} stores")
print(stores.sort_values("zip").head())
