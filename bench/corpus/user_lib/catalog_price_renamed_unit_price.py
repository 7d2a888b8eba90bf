"""The merchandising team's catalog export now calls the column unit_price; the margin report still reads price."""
EXPECT = ["catalog-export-price-renamed-unit-price"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def write_catalog(path, n, seed):
    rng = np.random.default_rng(seed)
    pd.DataFrame(
        {
            "sku": [f"SKU-{i:05d}" for i in range(n)],
            "category": rng.choice(["shoes", "bags", "hats"], n),
            "unit_price": rng.uniform(5, 300, n).round(2),
            "unit_cost": rng.uniform(2, 150, n).round(2),
        }
    ).to_csv(path, index=False)


def margins(catalog):
    return (catalog["price"] - catalog["unit_cost"]) / catalog["price"]


def price_bands(catalog):
    return pd.cut(catalog["price"], bins=[0, 20, 100, 1000], labels=["low", "mid", "high"])


def category_report(catalog):
    catalog = catalog.assign(margin=margins(catalog))
    return catalog.groupby("category")["margin"].mean()


def main():
    path = {0: "catalog_2024-06-01.csv", 1: "exports/catalog_full.csv", 2: "catalog.csv", 3: "exports/catalog_eu.csv"}[VARIANT]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    write_catalog(path, 300 + 100 * VARIANT, VARIANT)
    catalog = pd.read_csv(path)
    if VARIANT == 0:
        margins(catalog)
    elif VARIANT == 1:
        price_bands(catalog)
    else:
        if VARIANT == 3:
            print(f"read {len(catalog)} skus from {path}")
        category_report(catalog)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
        log = logging.getLogger("reports.margin")
        try:
            main()
        except Exception:
            log.exception("margin report failed")
            sys.exit(1)
    else:
        main()
