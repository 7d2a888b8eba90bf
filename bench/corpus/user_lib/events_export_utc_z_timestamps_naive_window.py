"""The product-events export v3 writes event_ts as ISO-8601 UTC with a trailing Z, so read_csv's parse_dates gives a tz-aware column, and the training-window filter compares it with naive cutoffs."""
EXPECT = ["events-export-utc-z-timestamps-naive-cutoff"]
VARIANTS = 3

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def export_events(path, day, n, rng):
    """The events export v3: one row per product event, timestamps in UTC."""
    ts = pd.Timestamp(day) + pd.to_timedelta(np.sort(rng.integers(0, 86_400, n)), unit="s")
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    pd.DataFrame({
        "event_ts": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "user_id": rng.integers(1, 20_000, n),
        "event": rng.choice(["view", "add_to_cart", "purchase"], n, p=[0.8, 0.15, 0.05]),
        "item_id": rng.integers(1, 5_000, n),
    }).to_csv(path, index=False)


def load_events(paths):
    return pd.concat([pd.read_csv(p, parse_dates=["event_ts"]) for p in paths], ignore_index=True)


def training_window(events, start, end):
    mask = (events["event_ts"] >= pd.Timestamp(start)) & (events["event_ts"] < pd.Timestamp(end))
    return events[mask]


def build_interactions(events, start, end):
    window = training_window(events, start, end)
    return window.groupby(["user_id", "item_id"]).size().rename("n_events").reset_index()


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    if VARIANT == 0:
        export_events("events/events_2024-06-03.csv", "2024-06-03", 5000, rng)
        print(training_window(load_events(["events/events_2024-06-03.csv"]), "2024-06-03", "2024-06-04").shape)
    elif VARIANT == 1:
        days = pd.date_range("2024-05-27", "2024-06-02").strftime("%Y-%m-%d")
        paths = [f"exports/product_events/{d}.csv" for d in days]
        for d, p in zip(days, paths):
            export_events(p, d, 800, rng)
        events = load_events(paths)
        print(f"loaded {len(events)} events from {len(paths)} files")
        print(build_interactions(events, "2024-05-27", "2024-06-02").head())
    else:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("reco.features")
        export_events("data/raw/events.csv", "2024-06-10", 12000, rng)
        try:
            n = len(build_interactions(load_events(["data/raw/events.csv"]), "2024-06-10 06:00", "2024-06-10 18:00"))
            log.info("%d interactions", n)
        except Exception:
            log.exception("interaction features failed")
            sys.exit(1)
