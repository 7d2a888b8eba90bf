"""The POS vendor's headerless daily sales feed gained a loyalty_id column; the loader still assigns its fixed POS_COLUMNS list of seven names."""
EXPECT = ["pos-feed-new-column-stale-pos-columns-list"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

POS_COLUMNS = ["store_id", "till_id", "receipt_no", "sku", "qty", "unit_price", "sold_at"]


def write_feed(day, n, with_loyalty):
    rng = np.random.default_rng(day)
    cols = [
        rng.integers(1, 80, n),
        rng.integers(1, 9, n),
        rng.integers(100000, 999999, n),
        rng.integers(10000, 99999, n),
        rng.integers(1, 5, n),
        rng.uniform(0.5, 40, n).round(2),
        [f"2024-06-{day:02d} {h:02d}:{m:02d}" for h, m in zip(rng.integers(8, 21, n), rng.integers(0, 60, n))],
    ]
    if with_loyalty:
        cols.insert(3, rng.integers(0, 10**8, n))  # the vendor's new field, after receipt_no
    path = f"pos/sales_2024-06-{day:02d}.csv"
    pd.DataFrame(dict(enumerate(cols))).to_csv(path, header=False, index=False)
    return path


def load_feed(path):
    frame = pd.read_csv(path, header=None)
    if VARIANT == 1:
        return frame.set_axis(POS_COLUMNS, axis=1)
    frame.columns = POS_COLUMNS
    return frame


def main():
    os.makedirs("pos", exist_ok=True)
    first_new = {0: 1, 1: 1, 2: 1, 3: 4}[VARIANT]
    days = range(1, {0: 2, 1: 2, 2: 2, 3: 6}[VARIANT])
    paths = [write_feed(d, {0: 300, 1: 1200, 2: 500, 3: 800}[VARIANT], d >= first_new) for d in days]
    total = 0
    for path in paths:
        sales = load_feed(path)
        total += int((sales["qty"] * sales["unit_price"]).sum())
        if VARIANT == 3:
            print(f"{path}: {len(sales)} lines, revenue to date {total}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s pos_ingest: %(message)s")
        logging.info("ingesting POS feed for 2024-06-01")
        try:
            main()
        except Exception:
            logging.exception("POS ingest failed")
            sys.exit(1)
    else:
        main()
