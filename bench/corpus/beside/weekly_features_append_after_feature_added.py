"""The weekly feature job appends the new week to features.parquet by rewriting it with the existing file's schema, and this week's build_features also emits days_since_last_order, added to the feature list on Monday."""
# beside: clickstream-compactor-writer-schema-from-first-hour-null-coupon
# why: nothing is inferred as null from a quiet first batch; the feature list grew, so the new week's table has a column the existing file's schema does not, and the fix is a migration of features.parquet, not the compactor's declared schema.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])
FEATURES = ["orders_28d", "spend_28d", "returns_28d", "days_since_last_order"]


def build_features(week, n, features, rng):
    frame = pd.DataFrame({"customer_id": np.arange(n), "week": week})
    for name in features:
        frame[name] = rng.gamma(2.0, 3.0, n).round(2)
    return frame


def first_run(path, rng):
    old = FEATURES[:-1]
    tables = [pa.Table.from_pandas(build_features(w, 400, old, rng), preserve_index=False) for w in ("2024-W20", "2024-W21")]
    pq.write_table(pa.concat_tables(tables), path)


def append_week(path, week, rng):
    existing = pq.read_table(path)
    new = pa.Table.from_pandas(build_features(week, 400, FEATURES, rng), preserve_index=False)
    tmp = path + ".tmp"
    with pq.ParquetWriter(tmp, existing.schema) as writer:
        writer.write_table(existing)
        print(f"{path}: {existing.num_rows} existing rows copied")
        writer.write_table(new)
    os.replace(tmp, path)


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    path = {0: "features/customer_weekly.parquet", 1: "store/features.parquet"}[VARIANT]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    first_run(path, rng)
    append_week(path, {0: "2024-W22", 1: "2024-W23"}[VARIANT], rng)
