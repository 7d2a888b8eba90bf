"""The clickstream compactor opens each day's ParquetWriter with the schema pyarrow infers from the first hourly batch, and in the small hours no session uses a coupon, so coupon_code is typed null and the first hour with a coupon cannot be appended."""
EXPECT = ["clickstream-compactor-writer-schema-from-first-hour-null-coupon"]
VARIANTS = 3

import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])
OPTIONAL = {0: "coupon_code", 1: "campaign_id", 2: "coupon_code"}[VARIANT]
CODES = {"coupon_code": ["SUMMER10", "WELCOME5", "APP15"], "campaign_id": ["cmp-2291", "cmp-2307"]}
log = logging.getLogger("clickstream.compact")


def hourly_batch(day, hour, n, rng):
    """One hour of sessions as the collector hands it over."""
    quiet = hour < {0: 6, 1: 3, 2: 5}[VARIANT]
    values = [None] * n if quiet else rng.choice(CODES[OPTIONAL] + [None] * 4, n).tolist()
    return pd.DataFrame({
        "session_id": [f"{day}-{hour:02d}-{i:05d}" for i in range(n)],
        "user_id": rng.integers(1, 80_000, n),
        "page_views": rng.integers(1, 40, n),
        "duration_s": rng.gamma(2.0, 90.0, n).round(1),
        OPTIONAL: values,
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


def main():
    out_dir = {0: "compacted", 1: "lake/clickstream/daily", 2: "compacted/eu"}[VARIANT]
    os.makedirs(out_dir, exist_ok=True)
    if VARIANT == 2:
        days = ["2024-06-01", "2024-06-02", "2024-06-03"]
        with ThreadPoolExecutor(max_workers=3) as pool:
            for path in pool.map(lambda d: compact_day(d, out_dir, 150, int(d[-2:])), days):
                print("wrote", path)
    else:
        compact_day({0: "2024-06-01", 1: "2024-07-14"}[VARIANT], out_dir, {0: 200, 1: 500}[VARIANT], VARIANT)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        log.info("compacting hourly batches into daily files")
        try:
            main()
        except Exception:
            log.exception("compaction failed")
            sys.exit(1)
    else:
        main()
