"""The fraud scorer pulls the hour's orders from the orders API page by page with offset pagination; orders created during the pull shift the pages, so some orders come twice and write_predictions inserts them twice."""
# beside: predictions-db-shadow-challenger-same-order-id
# why: the repeated order ids come from offset pagination over a growing result set, scored once by one model; no challenger shares the table.
EXPECT = []
VARIANTS = 3

import logging
import sqlite3
import sys

import numpy as np

VARIANT = int(sys.argv[1])
PAGE = {0: 100, 1: 250, 2: 100}[VARIANT]


class OrdersApi:
    def __init__(self):
        self.orders = list(range(880001, 880001 + 3 * PAGE))

    def page(self, offset):
        if offset == PAGE:  # new orders arrive at the head while we page (newest first)
            self.orders = list(range(990001, 990001 + 7)) + self.orders
        return sorted(self.orders, reverse=True)[offset : offset + PAGE]


def fetch_hour(api):
    out, offset = [], 0
    while batch := api.page(offset):
        out += batch
        offset += PAGE
    return out


def write_predictions(conn, order_ids, scores, model_version):
    conn.executemany(
        "INSERT INTO predictions (order_id, model_version, fraud_score) VALUES (?, ?, ?)",
        [(int(o), model_version, float(s)) for o, s in zip(order_ids, scores)],
    )
    conn.commit()


def main():
    conn = sqlite3.connect("scoring.db")
    conn.execute("CREATE TABLE predictions (order_id INTEGER PRIMARY KEY, model_version TEXT, fraud_score REAL)")
    ids = fetch_hour(OrdersApi())
    if VARIANT == 2:
        logging.info("fetched %d orders", len(ids))
    write_predictions(conn, ids, np.random.default_rng(VARIANT).random(len(ids)), "fraud-gbdt-2024-05")


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s fraud-scorer: %(message)s")
    try:
        main()
    except Exception:
        logging.exception("hourly scoring failed")
        sys.exit(1)
else:
    main()
