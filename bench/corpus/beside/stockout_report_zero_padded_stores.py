"""A teammate's stockout report merges the inventory table (int store_id) with stores_master.csv read with dtype=str."""
# beside: stores-master-store-id-zero-padded-text
# why: stores_master keeps the zero-padded text store_id and the other table has ints, the entry's cause and fix.
EXPECT = ["stores-master-store-id-zero-padded-text"]
VARIANTS = 2

import sys

import pandas as pd

VARIANT = int(sys.argv[1])

pd.DataFrame({"store_id": [f"{i:04d}" for i in range(1, 31)], "manager": "n/a"}).to_csv("stores_master.csv", index=False)
inventory = pd.DataFrame({"store_id": [3, 7, 11, 30], "sku": ["A", "B", "A", "C"], "on_hand": [0, 0, 2, 0]})
stores = pd.read_csv("stores_master.csv", dtype=str)
stockouts = inventory[inventory["on_hand"] == 0]
if VARIANT == 1:
    print(f"{len(stockouts)} stockouts today")
stockouts.merge(stores, on="store_id", how="left")
