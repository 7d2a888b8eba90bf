"""etl/concat_month.py joins the month's daily warehouse order files into one CSV by keeping the first file's header and appending the other files' rows; from the 12th the warehouse export added a channel column, so the later rows have one field more."""
EXPECT = ["orders-monthly-concat-daily-files-new-column"]
VARIANTS = 4

import glob
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
ROWS_PER_DAY = {0: 3, 1: 5, 2: 3, 3: 4}[VARIANT]
CHANGE_DAY = {0: 12, 1: 19, 2: 12, 3: 8}[VARIANT]
DAYS = {0: 14, 1: 22, 2: 14, 3: 10}[VARIANT]
MONTH = {0: "2024-06", 1: "2024-09", 2: "2024-06", 3: "2024-06"}[VARIANT]


def warehouse_exports(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    for day in range(1, DAYS + 1):
        new = day >= CHANGE_DAY
        header = "order_id,sku,qty,unit_price,warehouse" + (",channel" if new else "")
        lines = [header]
        for r in range(ROWS_PER_DAY):
            row = f"{day * 1000 + r},SKU-{rng.integers(100, 999)},{rng.integers(1, 5)},{rng.uniform(2, 80):.2f},WH-2"
            lines.append(row + (",web" if new else ""))
        with open(os.path.join(folder, f"orders_{MONTH}-{day:02d}.csv"), "w") as fh:
            fh.write("\n".join(lines) + "\n")


def concat_month(folder, out):
    files = sorted(glob.glob(os.path.join(folder, f"orders_{MONTH}-*.csv")))
    with open(out, "w") as dst:
        for n, path in enumerate(files):
            with open(path) as src:
                lines = src.readlines()
            dst.writelines(lines if n == 0 else lines[1:])
    return out


def monthly_revenue(path):
    orders = pd.read_csv(path)
    return (orders["qty"] * orders["unit_price"]).sum()


def main():
    folder = {0: "exports/warehouse", 1: "data/raw/warehouse/daily", 2: "exports/warehouse", 3: "exports/warehouse"}[VARIANT]
    warehouse_exports(folder)
    out = concat_month(folder, f"orders_{MONTH}.csv")
    if VARIANT == 3:
        print(f"concatenated {DAYS} daily files into {out}")
        print("computing monthly revenue")
    if VARIANT == 1:
        print(monthly_revenue(out))
    else:
        pd.read_csv(out)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s orders-etl: %(message)s")
        logging.info("concatenating month %s", MONTH)
        try:
            main()
        except Exception:
            logging.exception("monthly job failed")
            sys.exit(1)
    else:
        main()
