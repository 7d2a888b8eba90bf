"""The demand job's sync step copies the OMS order-lines export from the share while the OMS job is still writing it, so the copied file ends in the middle of a line and its last row has no qty."""
# beside: order-lines-oms-v5-cancelled-blank-qty-int64-dtype
# why: every complete line has a qty (the export is v4, cancelled lines carry 0); only the last, half-written line lacks it because the file was copied before the writer finished, so the fix is to wait for the export's done marker, not a nullable qty.
EXPECT = []
VARIANTS = 2

import csv
import os
import shutil
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
DTYPES = {"order_id": "int64", "line_no": "int32", "sku": "str", "qty": "int64", "unit_price": "float64", "status": "str"}


class OmsExportInProgress:
    """Stands in for the OMS job: the rows written so far are on the share, the rest still to come."""

    def __init__(self, path, n, seed):
        rng = np.random.default_rng(seed)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.f = open(path, "w", newline="")
        w = csv.writer(self.f)
        w.writerow(["order_id", "line_no", "sku", "qty", "unit_price", "status"])
        for i in range(n):
            cancelled = i % 41 == 17
            w.writerow([710_000 + i // 3, i % 3 + 1, f"SKU-{rng.integers(1, 900):04d}", 0 if cancelled else int(rng.integers(1, 6)),
                        round(float(rng.uniform(2, 80)), 2), "cancelled" if cancelled else "shipped"])
        self.f.write(f"{710_000 + n // 3},{n % 3 + 1},SKU-0")
        self.f.flush()


def load_order_lines(path):
    return pd.read_csv(path, dtype=DTYPES)


def sync_and_load(share_path, local_path):
    os.makedirs(os.path.dirname(local_path), exist_ok=True)
    shutil.copy(share_path, local_path)
    print(f"synced {share_path} -> {local_path} ({os.path.getsize(local_path)} bytes)")
    return load_order_lines(local_path)


if __name__ == "__main__":
    day = {0: "2024-06-03", 1: "2024-06-11"}[VARIANT]
    share = f"share/oms/order_lines_{day}.csv"
    export = OmsExportInProgress(share, {0: 300, 1: 1200}[VARIANT], VARIANT)
    lines = sync_and_load(share, f"oms/order_lines_{day}.csv")
    print(lines.groupby("sku")["qty"].sum().head())
