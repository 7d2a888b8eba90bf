"""A promo discount Series indexed by sku is assigned as a column of the product frame; one sku has two overlapping promos, so the Series index has a duplicate."""
# beside: inventory-snapshot-backfill-duplicate-dates
# why: the duplicate labels are a sku with two promo rows, hit by column assignment's alignment; there are no snapshot dates or backfill re-runs.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def products(n):
    rng = np.random.default_rng(VARIANT)
    return pd.DataFrame({"list_price": rng.uniform(5, 80, n).round(2)}, index=pd.Index([f"SKU{i:04d}" for i in range(n)], name="sku"))


def promos():
    rows = [("SKU0003", 0.10), ("SKU0007", 0.25), ("SKU0011", 0.15), ("SKU0007", 0.30)]  # SKU0007: summer sale + clearance
    if VARIANT == 1:
        rows += [("SKU0019", 0.05), ("SKU0020", 0.20)]
    frame = pd.DataFrame(rows, columns=["sku", "discount"])
    return frame.set_index("sku")["discount"]


def main():
    catalog = products({0: 15, 1: 40}[VARIANT])
    discount = promos()
    if VARIANT == 1:
        print(f"{len(discount)} active promos for {len(catalog)} products")
    catalog["discount"] = discount
    catalog["net_price"] = catalog["list_price"] * (1 - catalog["discount"].fillna(0))
    print(catalog.head())


if __name__ == "__main__":
    main()
