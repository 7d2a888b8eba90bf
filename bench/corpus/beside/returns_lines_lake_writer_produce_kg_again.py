"""A teammate's new returns_lines table in the lake copies order_lines' schema from lake/schemas.py, qty as int64; since the grocery launch, returned produce is recorded in kg."""
# beside: order-lines-produce-by-weight-qty-int64-lake-schema
# why: qty is fractional kg for produce sold by weight and the lake schema still declares it int64, the entry's cause and fix.
EXPECT = ["order-lines-produce-by-weight-qty-int64-lake-schema"]
VARIANTS = 2

import os
import sys

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])
RETURNS_LINES = pa.schema([("return_id", pa.string()), ("sku", pa.string()), ("qty", pa.int64()), ("reason", pa.string())])

returns = pd.DataFrame({
    "return_id": [f"R{i:05d}" for i in range(6)],
    "sku": ["SKU-10442", "PRD-2201", "SKU-10013", "SKU-11870", "PRD-2390", "SKU-10442"],
    "qty": [1, {0: 0.75, 1: 1.2}[VARIANT], 2, 1, 0.5, 1],  # produce returned by weight (kg)
    "reason": ["damaged", "spoiled", "wrong_item", "damaged", "spoiled", "other"],
})
print(f"{len(returns)} returns lines")
table = pa.Table.from_pandas(returns, schema=RETURNS_LINES, preserve_index=False)
os.makedirs("lake/returns_lines/dt=2024-06-03", exist_ok=True)
pq.write_table(table, "lake/returns_lines/dt=2024-06-03/part-000.parquet")
