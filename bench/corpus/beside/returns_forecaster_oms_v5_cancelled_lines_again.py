"""A teammate's returns forecaster reads the OMS order-lines export with its own dtype map, qty as int32; since export v5 the cancelled lines have an empty qty."""
# beside: order-lines-oms-v5-cancelled-blank-qty-int64-dtype
# why: the same fault: OMS export v5 leaves qty blank on cancelled lines and the reader pins qty to a non-nullable integer dtype; same fix, read qty nullable or drop cancelled lines first.
EXPECT = ["order-lines-oms-v5-cancelled-blank-qty-int64-dtype"]
VARIANTS = 2

import csv
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
COLUMNS = ["order_id", "line_no", "sku", "qty", "unit_price", "status", "return_flag"]


def oms_export_v5(path, n, seed):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for i in range(n):
            cancelled = rng.random() < 0.04
            w.writerow([820_000 + i // 2, i % 2 + 1, f"SKU-{rng.integers(1, 900):04d}", "" if cancelled else int(rng.integers(1, 4)),
                        round(float(rng.uniform(5, 120)), 2), "cancelled" if cancelled else "shipped", int(rng.random() < 0.1)])


def read_lines(path):
    return pd.read_csv(path, dtype={"order_id": "int64", "qty": "int32", "return_flag": "int8"})


def return_rate_by_sku(paths):
    lines = pd.concat([read_lines(p) for p in paths])
    lines["returned_units"] = lines["qty"] * lines["return_flag"]
    grouped = lines.groupby("sku")[["returned_units", "qty"]].sum()
    return grouped["returned_units"] / grouped["qty"]


if __name__ == "__main__":
    days = {0: ["2024-06-04"], 1: ["2024-06-05", "2024-06-06", "2024-06-07"]}[VARIANT]
    paths = [f"returns/inputs/oms_lines_{d}.csv" for d in days]
    for i, p in enumerate(paths):
        oms_export_v5(p, 600, 10 * VARIANT + i)
    print(f"{len(paths)} OMS files")
    print(return_rate_by_sku(paths).sort_values().tail())
