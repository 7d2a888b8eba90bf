"""The replenishment table's key "store|date" is split with str.split(expand=True), which leaves store_id as text; the stores table has int store_id."""
# beside: stores-master-store-id-zero-padded-text
# why: store_id becomes a string because the user split a composite text key and never cast it, not because a zero-padded stores_master is read with dtype=str.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
log = logging.getLogger("replenishment")


def load_orders(n_stores):
    rng = np.random.default_rng(n_stores)
    keys = [f"{s}|2024-06-{d:02d}" for s in range(1, n_stores + 1) for d in (3, 4, 5)]
    return pd.DataFrame({"key": keys, "order_qty": rng.integers(0, 60, len(keys))})


def split_key(orders):
    orders[["store_id", "date"]] = orders["key"].str.split("|", expand=True)
    return orders.drop(columns="key")


def qty_by_format(stores, orders):
    return stores.merge(orders, on="store_id", how="left").groupby("format")["order_qty"].sum()


def weekly_report(stores, orders):
    return {"qty_by_format": qty_by_format(stores, orders).to_dict(), "n_orders": len(orders)}


def main():
    n = {0: 25, 1: 140}[VARIANT]
    stores = pd.DataFrame({"store_id": np.arange(1, n + 1), "format": np.where(np.arange(1, n + 1) % 5 == 0, "hyper", "super")})
    orders = split_key(load_orders(n))
    log.info("%d replenishment orders for %d stores", len(orders), n)
    if VARIANT == 1:
        print(weekly_report(stores, orders))
    else:
        print(qty_by_format(stores, orders))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("replenishment report failed")
            sys.exit(1)
    else:
        main()
