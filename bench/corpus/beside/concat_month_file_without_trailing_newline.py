"""concat_month appends the month's daily order files; the file of the 9th was re-exported by hand from a spreadsheet tool that writes no newline after the last row, so its last row runs into the next file's first row."""
# beside: orders-monthly-concat-daily-files-new-column
# why: all daily files have the same five columns; two rows are glued together because one file lacks its final newline, not a new column in later files.
EXPECT = []
VARIANTS = 3

import glob
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
MONTH = {0: "2024-06", 1: "2024-08", 2: "2024-06"}[VARIANT]
HAND_DAY = {0: 9, 1: 3, 2: 9}[VARIANT]


def warehouse_exports(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    for day in range(1, 15):
        lines = ["order_id,sku,qty,unit_price,warehouse"]
        lines += [f"{day * 1000 + r},SKU-{rng.integers(100, 999)},{rng.integers(1, 5)},{rng.uniform(2, 80):.2f},WH-2" for r in range(3)]
        text = "\n".join(lines) + ("" if day == HAND_DAY else "\n")
        with open(os.path.join(folder, f"orders_{MONTH}-{day:02d}.csv"), "w") as fh:
            fh.write(text)


def concat_month(folder, out):
    files = sorted(glob.glob(os.path.join(folder, f"orders_{MONTH}-*.csv")))
    with open(out, "w") as dst:
        for n, path in enumerate(files):
            with open(path) as src:
                lines = src.readlines()
            dst.writelines(lines if n == 0 else lines[1:])
    return out


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s orders-etl: %(message)s")
    logging.info("concatenating month %s", MONTH)
warehouse_exports("exports/warehouse")
orders = pd.read_csv(concat_month("exports/warehouse", f"orders_{MONTH}.csv"))
