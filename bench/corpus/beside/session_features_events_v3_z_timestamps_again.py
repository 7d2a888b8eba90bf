"""A teammate's sessionization job reads the product-events export v3 (event_ts in UTC with a trailing Z) and keeps the events of its training month with naive bounds."""
# beside: events-export-utc-z-timestamps-naive-cutoff
# why: the same fault: export v3's Z timestamps make read_csv return a tz-aware event_ts, compared with naive Timestamps; same fix, UTC bounds or tz_convert(None) on load.
EXPECT = ["events-export-utc-z-timestamps-naive-cutoff"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
MONTH_START, MONTH_END = {0: ("2024-05-01", "2024-06-01"), 1: ("2024-06-01", "2024-07-01")}[VARIANT]


def export_v3(path, start, days, rng):
    n = 600 * days
    ts = pd.Timestamp(start) + pd.to_timedelta(np.sort(rng.integers(0, days * 86_400, n)), unit="s")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pd.DataFrame({"event_ts": ts.strftime("%Y-%m-%dT%H:%M:%SZ"), "user_id": rng.integers(1, 3000, n),
                  "event": rng.choice(["view", "search", "add_to_cart"], n)}).to_csv(path, index=False)


def sessionize(events, gap_minutes=30):
    events = events.sort_values(["user_id", "event_ts"])
    new = events.groupby("user_id")["event_ts"].diff() > pd.Timedelta(minutes=gap_minutes)
    events["session"] = new.groupby(events["user_id"]).cumsum()
    return events


def month_sessions(path):
    events = pd.read_csv(path, parse_dates=["event_ts"])
    events = events[events["event_ts"].between(pd.Timestamp(MONTH_START), pd.Timestamp(MONTH_END), inclusive="left")]
    return sessionize(events)


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    path = {0: "sessions/raw/events_2024-05.csv", 1: "sessions/raw/events_2024-06.csv"}[VARIANT]
    export_v3(path, MONTH_START, {0: 10, 1: 30}[VARIANT], rng)
    print("sessionizing", path)
    s = month_sessions(path)
    print(s.groupby("user_id")["session"].max().describe())
