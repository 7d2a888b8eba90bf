"""The scoring service's shadow mode runs the challenger model on every order and writes its score through the same write_predictions into scoring.db's predictions table, whose primary key is order_id alone; the champion already wrote that order."""
EXPECT = ["predictions-db-shadow-challenger-same-order-id"]
VARIANTS = 4

import logging
import sqlite3
import sys

import numpy as np

VARIANT = int(sys.argv[1])
DB = {0: "scoring.db", 1: "var/scoring/scoring.db", 2: "scoring.db", 3: "scoring.db"}[VARIANT]

SCHEMA = """
CREATE TABLE IF NOT EXISTS predictions (
    order_id INTEGER PRIMARY KEY,
    model_version TEXT NOT NULL,
    fraud_score REAL NOT NULL,
    scored_at TEXT NOT NULL
)
"""


def connect():
    import os

    os.makedirs(os.path.dirname(DB) or ".", exist_ok=True)
    conn = sqlite3.connect(DB)
    conn.execute(SCHEMA)
    return conn


def write_predictions(conn, order_ids, scores, model_version):
    conn.executemany(
        "INSERT INTO predictions (order_id, model_version, fraud_score, scored_at) VALUES (?, ?, ?, datetime('now'))",
        [(int(o), model_version, float(s)) for o, s in zip(order_ids, scores)],
    )
    conn.commit()


class ScoringService:
    def __init__(self, conn):
        self.conn = conn
        self.champion = "fraud-gbdt-2024-05"
        self.shadow = {0: "fraud-gbdt-2024-06-rc1", 1: "fraud-tabnet-rc3", 2: "fraud-gbdt-2024-06-rc1", 3: "fraud-gbdt-2024-06-rc1"}[VARIANT]

    def score_batch(self, order_ids):
        rng = np.random.default_rng(int(order_ids[0]))
        write_predictions(self.conn, order_ids, rng.random(len(order_ids)), self.champion)
        if VARIANT == 3:
            print(f"champion {self.champion}: {len(order_ids)} orders written")
        write_predictions(self.conn, order_ids, rng.random(len(order_ids)), self.shadow)  # shadow mode


def main():
    conn = connect()
    service = ScoringService(conn)
    first = {0: 880001, 1: 912340, 2: 880001, 3: 880001}[VARIANT]
    size = {0: 50, 1: 200, 2: 50, 3: 32}[VARIANT]
    if VARIANT == 3:
        print("shadow mode on")
    service.score_batch(np.arange(first, first + size))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s scoring: %(message)s")
        logging.info("shadow mode enabled")
        try:
            main()
        except Exception:
            logging.exception("batch failed")
            sys.exit(1)
    else:
        main()
