"""The basket-stats job aggregates order lines per order and writes them with the lake's order schema; its groupby takes the mean of qty where the basket size needs the sum, and a mean like 1.67 is not an int64."""
# beside: order-lines-produce-by-weight-qty-int64-lake-schema
# why: every qty in the source is a whole number of units; the fraction comes from the user's aggregation (mean instead of sum), not from produce sold by weight, and the schema is right.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])
BASKETS = pa.schema([("order_id", pa.string()), ("n_lines", pa.int64()), ("qty", pa.int64()), ("revenue", pa.float64())])

rng = np.random.default_rng(VARIANT)
lines = pd.DataFrame({"order_id": [f"O{i // 3:06d}" for i in range(3000)], "qty": rng.integers(1, 6, 3000),
                      "unit_price": rng.uniform(1, 20, 3000).round(2)})
lines["revenue"] = lines.qty * lines.unit_price
baskets = lines.groupby("order_id", as_index=False).agg(n_lines=("qty", "size"), qty=("qty", "mean"), revenue=("revenue", "sum"))
print(baskets.head(3))
table = pa.Table.from_pandas(baskets, schema=BASKETS, preserve_index=False)
os.makedirs("lake/baskets", exist_ok=True)
pq.write_table(table, f"lake/baskets/dt=2024-06-0{3 + VARIANT}.parquet")
