"""The POS weekly sales export ends with a TOTAL trailer row, so read_csv makes store_id a string column; merging it onto the stores table's int store_id fails."""
# beside: stores-master-store-id-zero-padded-text
# why: the store ids are plain numbers in both files; one non-numeric trailer row ("TOTAL") turned the export's store_id into text, no stores_master is read with dtype=str.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
log = logging.getLogger("weekly_sales")


def write_inputs(n_stores, week):
    rng = np.random.default_rng(n_stores)
    pd.DataFrame({"store_id": range(1, n_stores + 1), "region": rng.choice(["north", "south", "west"], n_stores), "sqm": rng.integers(300, 2500, n_stores)}).to_csv("stores.csv", index=False)
    units = rng.integers(200, 5000, n_stores)
    with open(f"pos_weekly_{week}.csv", "w") as fh:
        fh.write("store_id,units,revenue\n")
        for store, u in zip(range(1, n_stores + 1), units):
            fh.write(f"{store},{u},{u * 12.5:.2f}\n")
        fh.write(f"TOTAL,{units.sum()},{units.sum() * 12.5:.2f}\n")


def load_week(week):
    return pd.read_csv(f"pos_weekly_{week}.csv")


def main():
    week = {0: "2024-W23", 1: "2024-W24"}[VARIANT]
    write_inputs({0: 40, 1: 85}[VARIANT], week)
    stores = pd.read_csv("stores.csv")
    sales = load_week(week)
    if VARIANT == 1:
        log.info("%s: %d rows, %d stores", week, len(sales), len(stores))
        per_region = stores.merge(sales, on="store_id", how="left").groupby("region")["units"].sum()
        print(per_region)
    else:
        stores.merge(sales, on="store_id")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("weekly sales report failed")
            sys.exit(1)
    else:
        main()
