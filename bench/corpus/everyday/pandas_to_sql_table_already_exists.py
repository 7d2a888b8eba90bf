"""DataFrame.to_sql with the default if_exists='fail' in a job that runs more than once (a daily write, a backfill loop): ValueError: Table 'daily_predictions' already exists."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sqlite3
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(2)


def score_day(day):
    return pd.DataFrame({
        "run_date": day,
        "customer_id": np.arange(1000, 1010),
        "lapse_prob": rng.random(10).round(4),
    })


def write_predictions(conn, frame):
    frame.to_sql("daily_predictions", conn, index=False)


def backfill(conn, days):
    for day in days:
        preds = score_day(day)
        write_predictions(conn, preds)
        print(f"{day}: wrote {len(preds)} predictions")


def materialize_features(conn, frame, table):
    logging.info("materializing %s (%d rows)", table, len(frame))
    frame.to_sql(table, conn, index=False)


conn = sqlite3.connect("scoring.db")
if V == 0:
    write_predictions(conn, score_day("2024-06-01"))
    print("yesterday's run done, scoring today")
    write_predictions(conn, score_day("2024-06-02"))
elif V == 1:
    backfill(conn, ["2024-05-28", "2024-05-29", "2024-05-30"])
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    feats = pd.DataFrame({"store_id": [7, 96], "units_7d": [812, 540]})
    materialize_features(conn, feats, "store_features")
    feats["units_7d"] += 3
    materialize_features(conn, feats, "store_features")
