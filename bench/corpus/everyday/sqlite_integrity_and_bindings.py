"""sqlite3 IntegrityError (UNIQUE constraint failed) / ProgrammingError (wrong number of bindings, a named parameter not supplied)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sqlite3
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
conn = sqlite3.connect("tracking.db")
conn.execute("CREATE TABLE IF NOT EXISTS runs (name TEXT PRIMARY KEY, epochs INTEGER, acc REAL)")


def log_run(db, name, epochs, acc):
    db.execute("INSERT INTO runs (name, epochs, acc) VALUES (?, ?, ?)", (name, epochs, acc))
    db.commit()
    print(f"logged {name}", flush=True)


def log_many(db, rows):
    db.executemany("INSERT INTO runs VALUES (?, ?, ?)", rows)


if V == 0:
    for name in ["baseline", "wide", "baseline"]:
        log_run(conn, name, 10, 0.8)
elif V == 1:
    log_many(conn, [("a", 3, 0.7), ("b", 0.75)])
else:
    row = {"name": "deep", "epochs": 12, "accuracy": 0.91}
    conn.execute("INSERT INTO runs VALUES (:name, :epochs, :acc)", row)
