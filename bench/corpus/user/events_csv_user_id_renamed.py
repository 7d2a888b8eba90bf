"""The upstream events export renamed column user_id to userId; the interaction builder still reads user_id."""
EXPECT = ["events-export-user-id-column-renamed"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def write_export(path, n, seed):
    rng = np.random.default_rng(seed)
    df = pd.DataFrame(
        {
            # the warehouse export job switched to camelCase column names
            "userId": rng.integers(1, 500, n),
            "itemId": rng.integers(1, 2000, n),
            "eventType": rng.choice(["view", "click", "purchase"], n, p=[0.7, 0.25, 0.05]),
            "ts": pd.date_range("2024-03-01", periods=n, freq="37s"),
        }
    )
    df.to_csv(path, index=False)


def load_events(path):
    return pd.read_csv(path, parse_dates=["ts"])


def build_interactions(events):
    events = events[events["user_id"].notna()]
    weights = {"view": 1.0, "click": 3.0, "purchase": 10.0}
    events = events.assign(weight=events["event_type"].map(weights))
    return events.groupby(["user_id", "item_id"], as_index=False)["weight"].sum()


def user_activity(events):
    return events.groupby("user_id").size().rename("n_events").reset_index()


def attach_user_features(events, users):
    return events.merge(users, on="user_id", how="left")


def main():
    files = {0: "events_2024-03-01.csv", 1: "exports/events_2024-04-15.csv", 2: "events_daily.csv", 3: "exports/2024/05/events_part-0003.csv"}
    path = files[VARIANT]
    import os

    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    write_export(path, 1000 + 250 * VARIANT, VARIANT)
    events = load_events(path)
    if VARIANT == 0:
        build_interactions(events)
    elif VARIANT == 1:
        user_activity(events)
    elif VARIANT == 2:
        users = pd.DataFrame({"user_id": range(1, 500), "country": "DE"})
        attach_user_features(events, users)
    else:
        print(f"loaded {len(events)} rows from {path}")
        print("columns:", ", ".join(events.columns))
        print("building interaction matrix ...")
        build_interactions(events)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
        log = logging.getLogger("features.user")
        log.info("reading events_daily.csv")
        try:
            main()
        except Exception:
            log.exception("user feature job failed")
            sys.exit(1)
    else:
        main()
