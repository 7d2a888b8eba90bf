"""A teammate's backfill of the app clickstream compacts each day with its own loop: the day's ParquetWriter is opened with the schema of hour 00's batch, where no session has a promo_code yet."""
# beside: clickstream-compactor-writer-schema-from-first-hour-null-coupon
# why: the same fault: the writer's schema is inferred from the first hourly batch, in which the optional code column is all None and typed null, so the first hour with a code fails; the fix is the entry's declared schema.
EXPECT = ["clickstream-compactor-writer-schema-from-first-hour-null-coupon"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

VARIANT = int(sys.argv[1])


def app_hour(day, hour, rng):
    n = int(rng.integers(80, 160))
    promo = [None] * n if hour < 4 else rng.choice(["APPONLY", "PUSH20", None, None], n).tolist()
    return pd.DataFrame({
        "event_id": [f"app-{day}-{hour:02d}-{i}" for i in range(n)],
        "device_id": rng.integers(10**6, 10**7, n),
        "screen": rng.choice(["home", "search", "pdp", "cart"], n),
        "promo_code": promo,
    })


def backfill(days, out_dir):
    rng = np.random.default_rng(VARIANT)
    for day in days:
        writer = None
        for hour in range(24):
            batch = pa.Table.from_pandas(app_hour(day, hour, rng), preserve_index=False)
            if writer is None:
                writer = pq.ParquetWriter(os.path.join(out_dir, f"app_{day}.parquet"), batch.schema)
            writer.write_table(batch)
        writer.close()
        print("backfilled", day)


if __name__ == "__main__":
    out_dir = {0: "backfill/app_clickstream", 1: "lake/app/daily"}[VARIANT]
    os.makedirs(out_dir, exist_ok=True)
    days = {0: ["2024-05-20"], 1: ["2024-05-01", "2024-05-02"]}[VARIANT]
    backfill(days, out_dir)
    print(f"wrote {len(days)} day(s) to {out_dir}")
