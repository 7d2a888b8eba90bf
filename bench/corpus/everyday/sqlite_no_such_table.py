"""sqlite3.OperationalError from querying a table or column that does not exist."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sqlite3
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

conn = sqlite3.connect("experiments.db")
conn.execute("CREATE TABLE IF NOT EXISTS run (id INTEGER PRIMARY KEY, name TEXT, acc REAL)")
conn.executemany("INSERT INTO run (name, acc) VALUES (?, ?)", [("base", 0.81), ("wide", 0.84)])
conn.commit()


def best_run(db):
    if V == 0:
        return db.execute("SELECT name, acc FROM runs ORDER BY acc DESC LIMIT 1").fetchone()
    if V == 1:
        return db.execute("SELECT name, accuracy FROM run ORDER BY accuracy DESC").fetchone()
    return db.execute("SELECT name acc FROM run ORDER BY acc DESC LIMIT").fetchone()


print(best_run(conn))
