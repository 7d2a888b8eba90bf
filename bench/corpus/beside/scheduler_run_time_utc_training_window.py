"""The retraining DAG now gets its window end from the new scheduler helper, which returns the run time as a UTC-aware Timestamp, while the events export (v2) still writes naive local timestamps."""
# beside: events-export-utc-z-timestamps-naive-cutoff
# why: the events column is naive here (export v2, no Z); the cutoff became tz-aware because the scheduler helper returns an aware run time, so the fix is on the cutoff side, not converting an aware event_ts.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def export_events_v2(path, day, n, rng):
    ts = pd.Timestamp(day) + pd.to_timedelta(np.sort(rng.integers(0, 86_400, n)), unit="s")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pd.DataFrame({"event_ts": ts.strftime("%Y-%m-%d %H:%M:%S"), "user_id": rng.integers(1, 20_000, n),
                  "event": rng.choice(["view", "add_to_cart", "purchase"], n, p=[0.8, 0.15, 0.05])}).to_csv(path, index=False)


def scheduled_run_time():
    """From the scheduler helper: the logical run time of this DAG run."""
    return pd.Timestamp("2024-06-04 02:00", tz="UTC")


def training_window(events, start, end):
    mask = (events["event_ts"] >= pd.Timestamp(start)) & (events["event_ts"] < pd.Timestamp(end))
    return events[mask]


def retrain_inputs(path, lookback_days):
    events = pd.read_csv(path, parse_dates=["event_ts"])
    end = scheduled_run_time()
    logging.info("window end %s, lookback %d days", end, lookback_days)
    return training_window(events, end - pd.Timedelta(days=lookback_days), end)


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s retrain-dag %(message)s")
    path = {0: "events/events_2024-06-03.csv", 1: "exports/events_v2/2024-06-03.csv"}[VARIANT]
    export_events_v2(path, "2024-06-03", {0: 3000, 1: 9000}[VARIANT], rng)
    window = retrain_inputs(path, {0: 1, 1: 7}[VARIANT])
    logging.info("%d events in window", len(window))
