"""The nightly batch scoring job commits predictions chunk by chunk; after the feature service timed out on chunk 3, the scheduler's automatic retry ran the whole night again from the first chunk."""
# beside: predictions-db-shadow-challenger-same-order-id
# why: the duplicate rows come from a non-idempotent retry re-inserting chunks the first attempt committed, with one model only; no shadow model writes into the table.
EXPECT = []
VARIANTS = 2

import sqlite3
import sys

import numpy as np

VARIANT = int(sys.argv[1])
conn = sqlite3.connect("scoring.db")
conn.execute("CREATE TABLE IF NOT EXISTS predictions (order_id INTEGER PRIMARY KEY, model_version TEXT, fraud_score REAL)")
orders = np.arange(880001, 880001 + {0: 200, 1: 1000}[VARIANT])
CHUNK = {0: 50, 1: 250}[VARIANT]


class FeatureServiceTimeout(Exception):
    pass


def score_night(attempt):
    rng = np.random.default_rng(attempt)
    for n, start in enumerate(range(0, len(orders), CHUNK)):
        if attempt == 1 and n == 3:
            raise FeatureServiceTimeout("feature service did not answer in 30 s")
        chunk = orders[start : start + CHUNK]
        conn.executemany("INSERT INTO predictions VALUES (?, ?, ?)", [(int(o), "fraud-gbdt-2024-05", float(s)) for o, s in zip(chunk, rng.random(len(chunk)))])
        conn.commit()
        if VARIANT == 1:
            print(f"attempt {attempt}: chunk {n} committed")


for attempt in (1, 2):
    try:
        score_night(attempt)
        break
    except FeatureServiceTimeout as exc:
        print(f"attempt {attempt} failed: {exc}; retrying")
