"""Since the second warehouse went live the snapshot table has one row per date per warehouse; daily_series still indexes it by date alone."""
# beside: inventory-snapshot-backfill-duplicate-dates
# why: each date appears once per warehouse (a new dimension in the table), not because a re-run backfill appended a day again.
EXPECT = []
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def snapshots(days, warehouses):
    rng = np.random.default_rng(VARIANT)
    rows = [
        {"date": d, "warehouse": w, "on_hand": int(rng.integers(0, 500))}
        for d in days
        for w in warehouses
        if not (w != warehouses[0] and d < days[len(days) // 2])  # the second site opened mid-period
    ]
    return pd.DataFrame(rows)


def daily_series(snaps, start, end):
    series = snaps.set_index("date")["on_hand"]
    return series.reindex(pd.date_range(start, end, freq="D"))


def main():
    days = pd.date_range("2024-05-01", periods={0: 14, 1: 31, 2: 10}[VARIANT], freq="D")
    warehouses = {0: ["DUS-1", "DUS-2"], 1: ["HAM", "LEJ"], 2: ["DUS-1", "DUS-2", "CGN"]}[VARIANT]
    snaps = snapshots(list(days), warehouses)
    if VARIANT == 1:
        logging.getLogger("inventory.daily").info("%d snapshot rows", len(snaps))
    daily_series(snaps, days[0], days[-1])


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        log = logging.getLogger("inventory.daily")
        log.info("building daily series")
        try:
            main()
        except Exception:
            log.exception("daily series failed")
            sys.exit(1)
    else:
        main()
