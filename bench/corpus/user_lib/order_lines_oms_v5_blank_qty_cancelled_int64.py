"""Since the OMS export v5, cancelled order lines carry an empty qty (v4 wrote 0), and load_order_lines reads the export with qty pinned to int64."""
EXPECT = ["order-lines-oms-v5-cancelled-blank-qty-int64-dtype"]
VARIANTS = 3

import csv
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
DTYPES = {"order_id": "int64", "line_no": "int32", "sku": "str", "qty": "int64", "unit_price": "float64", "status": "str"}


def oms_export(path, n, seed, version=5):
    """What the OMS nightly job writes for one day of order lines."""
    rng = np.random.default_rng(seed)
    columns = (["channel"] if VARIANT == 1 else []) + ["order_id", "line_no", "sku", "qty", "unit_price", "status"]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(columns)
        for i in range(n):
            cancelled = i % 41 == 17
            qty = ("" if version >= 5 else 0) if cancelled else int(rng.integers(1, 6))
            row = [710_000 + seed * 1000 + i // 3, i % 3 + 1, f"SKU-{rng.integers(1, 900):04d}", qty,
                   round(float(rng.uniform(2, 80)), 2), "cancelled" if cancelled else "shipped"]
            w.writerow((["web"] if VARIANT == 1 else []) + row)


def load_order_lines(path):
    return pd.read_csv(path, dtype=DTYPES)


def daily_units(lines):
    shipped = lines[lines["status"] == "shipped"]
    return shipped.groupby("sku")["qty"].sum().sort_values(ascending=False)


def build_demand_table(paths):
    tables = []
    for path in paths:
        lines = load_order_lines(path)
        print(f"{path}: {len(lines)} lines, {lines['qty'].sum()} units")
        tables.append(daily_units(lines).rename(os.path.basename(path)[6:16]))
    return pd.concat(tables, axis=1).fillna(0)


if __name__ == "__main__":
    if VARIANT == 0:
        oms_export("oms/order_lines_2024-06-03.csv", 300, 3)
        print(daily_units(load_order_lines("oms/order_lines_2024-06-03.csv")).head())
    elif VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        log = logging.getLogger("demand.ingest")
        oms_export("exports/web/lines_2024-06-10.csv", 900, 10)
        try:
            log.info("units by sku: %d skus", len(daily_units(load_order_lines("exports/web/lines_2024-06-10.csv"))))
        except Exception:
            log.exception("ingest of exports/web/lines_2024-06-10.csv failed")
            sys.exit(1)
    else:
        paths = []
        for day, version in [("2024-05-30", 4), ("2024-05-31", 4), ("2024-06-01", 5), ("2024-06-02", 5)]:
            paths.append(f"oms/daily/lines_{day}.csv")
            oms_export(paths[-1], 500, int(day[-2:]), version)
        print(build_demand_table(paths).head())
