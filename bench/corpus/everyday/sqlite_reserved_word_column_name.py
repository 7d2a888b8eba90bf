"""A table or query built with a column named after an SQL keyword (order, group, from) left unquoted: sqlite3.OperationalError: near "order": syntax error."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sqlite3
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def create_basket_table(conn, columns):
    ddl = ", ".join(f"{name} {kind}" for name, kind in columns.items())
    conn.execute(f"CREATE TABLE basket_lines ({ddl})")


def insert_frame(conn, table, frame):
    cols = ", ".join(frame.columns)
    marks = ", ".join("?" for _ in frame.columns)
    conn.executemany(f"INSERT INTO {table} ({cols}) VALUES ({marks})", frame.itertuples(index=False, name=None))


def load_transfers(conn, rows):
    conn.execute("CREATE TABLE IF NOT EXISTS warehouse_moves (sku TEXT, qty INTEGER)")
    conn.execute("CREATE TABLE stock_transfers (from TEXT, to TEXT, sku TEXT, qty INTEGER)")
    conn.executemany("INSERT INTO stock_transfers VALUES (?, ?, ?, ?)", rows)


conn = sqlite3.connect("features.db")
if V == 0:
    print("creating basket_lines in features.db")
    create_basket_table(conn, {"basket_id": "INTEGER", "order": "INTEGER", "sku": "TEXT", "qty": "INTEGER"})
elif V == 1:
    conn.execute("CREATE TABLE ab_assignments (user_id INTEGER, \"group\" TEXT, score REAL)")
    assignments = pd.DataFrame({"user_id": [101, 102, 103], "group": ["control", "treatment", "control"], "score": [0.12, 0.55, 0.31]})
    print(f"writing {len(assignments)} assignments")
    insert_frame(conn, "ab_assignments", assignments)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("inventory").info("loading 2 transfers into features.db")
    load_transfers(conn, [("DC-EAST", "STORE-088", "SKU-88", 12), ("DC-WEST", "STORE-305", "SKU-12", 4)])
conn.commit()
