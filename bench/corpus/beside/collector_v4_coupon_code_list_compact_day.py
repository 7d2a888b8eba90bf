"""Collector v4, rolled out at noon, sends coupon_code as a list (a session can now redeem several coupons), so the afternoon batches no longer match the schema of the morning ones the compactor opened the day's file with."""
# beside: clickstream-compactor-writer-schema-from-first-hour-null-coupon
# why: the first hour's coupon_code is a real string column, not an all-null one; the upstream collector changed the field's type mid-day (string to list), so the fix is a schema contract with the collector, not a declared schema for a null-typed first batch.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])
ROLLOUT_HOUR = {0: 12, 1: 9}[VARIANT]
CODES = ["SUMMER10", "WELCOME5", "APP15", "FREESHIP"]


def hourly_batch(day, hour, n, rng):
    """One hour of sessions as the collector hands it over."""
    picks = rng.choice(CODES, n)
    if hour >= ROLLOUT_HOUR:  # collector v4: every redeemed coupon of the session
        coupons = [[str(p)] + ([CODES[0]] if i % 7 == 0 else []) for i, p in enumerate(picks)]
    else:
        coupons = [str(p) for p in picks]
    return pd.DataFrame({
        "session_id": [f"{day}-{hour:02d}-{i:05d}" for i in range(n)],
        "user_id": rng.integers(1, 80_000, n),
        "page_views": rng.integers(1, 40, n),
        "coupon_code": coupons,
    })


def compact_day(day, out_dir, n_per_hour, seed):
    rng = np.random.default_rng(seed)
    path = os.path.join(out_dir, f"{day}.parquet")
    writer = None
    for hour in range(24):
        table = pa.Table.from_pandas(hourly_batch(day, hour, n_per_hour, rng), preserve_index=False)
        if writer is None:
            writer = pq.ParquetWriter(path, table.schema)
        writer.write_table(table)
        print(f"{day} hour {hour:02d}: {table.num_rows} sessions appended")
    writer.close()
    return path


if __name__ == "__main__":
    out_dir = {0: "compacted", 1: "lake/clickstream/daily"}[VARIANT]
    os.makedirs(out_dir, exist_ok=True)
    print("wrote", compact_day({0: "2024-06-01", 1: "2024-06-18"}[VARIANT], out_dir, {0: 200, 1: 350}[VARIANT], VARIANT))
