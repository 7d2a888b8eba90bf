"""A teammate adds a shadow run of the new ranker-v4 next to the live ranker; their log_scores helper writes its scores into the same predictions table, keyed by order_id alone."""
# beside: predictions-db-shadow-challenger-same-order-id
# why: a shadow model writes the same orders into the predictions table whose key is order_id only, after the live model did, the entry's cause and fix.
EXPECT = ["predictions-db-shadow-challenger-same-order-id"]
VARIANTS = 2

import sqlite3
import sys

import numpy as np

VARIANT = int(sys.argv[1])
conn = sqlite3.connect({0: "scoring.db", 1: "ranking_scores.db"}[VARIANT])
conn.execute("CREATE TABLE predictions (order_id INTEGER PRIMARY KEY, model_version TEXT NOT NULL, score REAL NOT NULL)")


def log_scores(order_ids, scores, model_version):
    conn.executemany("INSERT INTO predictions VALUES (?, ?, ?)", [(int(o), model_version, float(s)) for o, s in zip(order_ids, scores)])
    conn.commit()


rng = np.random.default_rng(VARIANT)
orders = np.arange(450100, 450100 + {0: 20, 1: 120}[VARIANT])
log_scores(orders, rng.random(len(orders)), "ranker-v3")
if VARIANT == 1:
    print("live ranker-v3 scores logged; shadow ranker-v4 scoring")
log_scores(orders, rng.random(len(orders)), "ranker-v4-shadow")
