"""The daily snapshot backfill job appends a day again when it is re-run; the inventory series then has duplicate dates and reindexing to the calendar fails."""
EXPECT = ["inventory-snapshot-backfill-duplicate-dates"]
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def run_backfill(days, rerun):
    rng = np.random.default_rng(0)
    parts = [pd.DataFrame({"date": [d], "on_hand": [int(rng.integers(0, 500))]}) for d in days]
    parts.append(pd.DataFrame({"date": [days[rerun]], "on_hand": [int(rng.integers(0, 500))]}))  # the re-run day
    return pd.concat(parts, ignore_index=True)


def daily_series(snapshots, start, end):
    series = snapshots.set_index("date")["on_hand"]
    return series.reindex(pd.date_range(start, end, freq="D"))


def main():
    days = pd.date_range("2024-05-01", periods={0: 14, 1: 31, 2: 7}[VARIANT], freq="D")
    snapshots = run_backfill(list(days), {0: 5, 1: 20, 2: 2}[VARIANT])
    if VARIANT == 1:
        snapshots.set_index("date").asfreq("D")
    else:
        daily_series(snapshots, days[0], days[-1])


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        log = logging.getLogger("inventory.daily")
        log.info("backfill done, building daily series")
        try:
            main()
        except Exception:
            log.exception("daily series failed")
            sys.exit(1)
    else:
        main()
