"""A per-task timeout passed to as_completed()/Executor.map(), where it bounds the whole batch, so a batch of normal-length tasks times out: TimeoutError: 3 (of 8) futures unfinished."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import time
from concurrent.futures import ThreadPoolExecutor, TimeoutError as FuturesTimeout, as_completed

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

PER_TABLE_TIMEOUT_S = 0.4


def export_table(name):
    time.sleep(0.05 if name.startswith("dim_") else 0.6)
    return name, 1000 + len(name)


def export_warehouse_tables(tables):
    done = {}
    with ThreadPoolExecutor(max_workers=4) as ex:
        futures = [ex.submit(export_table, t) for t in tables]
        for fut in as_completed(futures, timeout=PER_TABLE_TIMEOUT_S):
            name, rows = fut.result()
            done[name] = rows
            print(f"exported {name}: {rows} rows", flush=True)
    return done


def thumbnail(path):
    time.sleep(0.25)
    return path.replace(".jpg", "_thumb.jpg")


def make_thumbnails(paths, per_image_timeout):
    with ThreadPoolExecutor(max_workers=2) as ex:
        return list(ex.map(thumbnail, paths, timeout=per_image_timeout))


def backfill_day(day):
    time.sleep(0.2)
    return day


def backfill(days, log):
    with ThreadPoolExecutor(max_workers=2) as ex:
        futures = {ex.submit(backfill_day, d): d for d in days}
        try:
            for fut in as_completed(futures, timeout=0.3):
                log.info("backfilled %s", fut.result())
        except FuturesTimeout as exc:
            log.error("feature backfill aborted: %s", exc)
            return 1
    return 0


if V == 0:
    tables = ["dim_store", "dim_product", "fact_sales", "fact_returns", "fact_inventory", "dim_calendar",
              "fact_promos", "dim_supplier"]
    export_warehouse_tables(tables)
elif V == 1:
    print(make_thumbnails([f"catalog/{i:04d}.jpg" for i in range(6)], per_image_timeout=0.3))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    sys.exit(backfill([f"2024-11-{d:02d}" for d in range(1, 9)], logging.getLogger("features.backfill")))
