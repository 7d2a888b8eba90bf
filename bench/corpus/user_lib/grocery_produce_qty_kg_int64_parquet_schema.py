"""Since the grocery launch, produce is sold by weight and the order service records qty in kg (0.25, 1.4); lake/schemas.py still declares order_lines.qty as int64, and the nightly writer converts each day's frame with that schema before writing parquet."""
EXPECT = ["order-lines-produce-by-weight-qty-int64-lake-schema"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])
DAY = {0: "2024-06-03", 1: "2024-06-05", 2: "2024-06-03", 3: "2024-06-03"}[VARIANT]

# lake/schemas.py
ORDER_LINES = pa.schema([
    ("order_id", pa.string()),
    ("sku", pa.string()),
    ("qty", pa.int64()),
    ("unit_price", pa.float64()),
    ("store_id", pa.string()),
])


def order_service_dump():
    """One day of order lines from the order service (packaged goods by the unit, produce by the kg)."""
    rng = np.random.default_rng(VARIANT)
    n = 3000
    rows = []
    for i in range(n):
        produce = i % 17 == {0: 4, 1: 9, 2: 4, 3: 4}[VARIANT]
        qty = {0: 0.25, 1: 1.4, 2: 0.25, 3: 0.25}[VARIANT] if produce else int(rng.integers(1, 6))
        rows.append({"order_id": f"O{DAY.replace('-', '')}{i:06d}", "sku": f"{'PRD' if produce else 'SKU'}-{rng.integers(1000, 9999)}",
                     "qty": qty, "unit_price": round(float(rng.uniform(0.5, 30)), 2), "store_id": f"S{rng.integers(1, 60):03d}"})
    return pd.DataFrame(rows)


def write_partition(frame, root):
    table = pa.Table.from_pandas(frame, schema=ORDER_LINES, preserve_index=False)
    path = os.path.join(root, f"dt={DAY}", "part-000.parquet")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pq.write_table(table, path)
    return path


class NightlyLakeWriter:
    def __init__(self, root):
        self.root = root

    def run(self):
        frame = order_service_dump()
        return write_partition(frame, self.root)


def main():
    root = {0: "lake/order_lines", 1: "warehouse/lake/order_lines", 2: "lake/order_lines", 3: "lake/order_lines"}[VARIANT]
    if VARIANT == 3:
        for table in ("orders", "customers"):
            print(f"wrote lake/{table}/dt={DAY}")
    if VARIANT == 1:
        print(NightlyLakeWriter(root).run())
    else:
        frame = order_service_dump()
        print(f"{len(frame)} order lines for {DAY}")
        print(write_partition(frame, root))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s lake_writer: %(message)s")
        logging.info("writing order_lines for %s", DAY)
        try:
            main()
        except Exception:
            logging.exception("order_lines partition failed")
            sys.exit(1)
    else:
        main()
