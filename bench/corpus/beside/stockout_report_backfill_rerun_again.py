"""A teammate's stockout report builds the calendar-indexed on-hand series from the inventory snapshot table after the backfill was re-run for two days."""
# beside: inventory-snapshot-backfill-duplicate-dates
# why: the snapshot backfill appended the re-run days again, so the table has duplicate dates and reindexing to the calendar fails, the entry's cause and fix.
EXPECT = ["inventory-snapshot-backfill-duplicate-dates"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def backfill(path, days):
    """jobs/snapshot_backfill.py: appends one row per day it processes (mode='a')."""
    rng = np.random.default_rng(len(days))
    frame = pd.DataFrame({"date": [d.strftime("%Y-%m-%d") for d in days], "sku": "SKU-118", "on_hand": rng.integers(0, 40, len(days))})
    frame.to_csv(path, mode="a", header=not os.path.exists(path), index=False)


def fill_calendar(snaps, start, end):
    on_hand = snaps.set_index("date")["on_hand"]
    return on_hand.reindex(pd.date_range(start, end, freq="D"), fill_value=0)


def stockout_days(path, start, end):
    snaps = pd.read_csv(path, parse_dates=["date"])
    daily = fill_calendar(snaps, start, end)
    return int((daily == 0).sum())


def main():
    path = {0: "inventory_snapshots.csv", 1: "warehouse/snapshots_sku118.csv"}[VARIANT]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    days = pd.date_range("2024-06-01", periods={0: 21, 1: 30}[VARIANT], freq="D")
    backfill(path, days)
    rerun = {0: days[9:11], 1: days[25:27]}[VARIANT]  # the job failed halfway on those days and was re-run
    backfill(path, rerun)
    if VARIANT == 1:
        for week in range(1, 5):
            print(f"week {week}: report queued")
    print(stockout_days(path, days[0], days[-1]))


if __name__ == "__main__":
    main()
