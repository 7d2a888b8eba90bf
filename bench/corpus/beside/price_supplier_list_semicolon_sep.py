"""A supplier's price list is semicolon-separated with decimal commas; read_csv with the default comma gives one column named after the whole header."""
# beside: catalog-export-price-renamed-unit-price
# why: the file still has a price column; it is a European-style CSV read with the wrong separator, no catalog export renamed price to unit_price.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
log = logging.getLogger("suppliers.landed_cost")


def write_supplier_file(path, n, seed):
    rng = np.random.default_rng(seed)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("sku;description;price;currency\n")
        for i in range(n):
            price = f"{rng.uniform(2, 90):.2f}".replace(".", ",")
            fh.write(f"SUP-{i:04d};Item {i};{price};EUR\n")


def landed_cost(prices, freight_pct):
    return prices["price"] * (1 + freight_pct)


def main():
    path = {0: "supplier_prices_2024-06.csv", 1: "inbound/acme_pricelist.csv"}[VARIANT]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    write_supplier_file(path, 120 + 80 * VARIANT, VARIANT)
    prices = pd.read_csv(path)
    log.info("read %d rows from %s", len(prices), path)
    return landed_cost(prices, 0.07)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        try:
            main()
        except Exception:
            log.exception("landed cost job failed")
            sys.exit(1)
    else:
        main()
