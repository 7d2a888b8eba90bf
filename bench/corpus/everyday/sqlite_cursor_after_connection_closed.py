"""A helper returns a cursor (or keeps a connection) that its own `with closing(...)`/finally already closed: sqlite3.ProgrammingError: Cannot operate on a closed database."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sqlite3
import sys
from contextlib import closing, contextmanager

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DB = "label_queue.db"


def seed_db():
    with closing(sqlite3.connect(DB)) as conn:
        conn.execute("CREATE TABLE pending_labels (item_id INTEGER, text TEXT, priority INTEGER)")
        conn.executemany("INSERT INTO pending_labels VALUES (?, ?, ?)",
                         [(i, f"review text {i}", i % 3) for i in range(12)])
        conn.commit()


def fetch_pending(priority):
    with closing(sqlite3.connect(DB)) as conn:
        return conn.execute("SELECT item_id, text FROM pending_labels WHERE priority = ?", (priority,))


@contextmanager
def label_store():
    conn = sqlite3.connect(DB)
    try:
        yield conn
    finally:
        conn.close()


def queue_report(conn):
    return pd.read_sql("SELECT priority, COUNT(*) AS n FROM pending_labels GROUP BY priority", conn)


seed_db()
if V == 0:
    for item_id, text in fetch_pending(priority=2):
        print(item_id, text)
elif V == 1:
    with label_store() as conn:
        n = conn.execute("SELECT COUNT(*) FROM pending_labels").fetchone()[0]
        print(f"{n} items waiting for labels")
    print(queue_report(conn))
else:
    class LabelQueue:
        def __init__(self, path):
            self.path = path
            self.conn = None

        def __enter__(self):
            self.conn = sqlite3.connect(self.path)
            return self

        def __exit__(self, *exc):
            self.conn.close()

        def take(self, k):
            return self.conn.execute("SELECT item_id FROM pending_labels LIMIT ?", (k,)).fetchall()

    queue = LabelQueue(DB)
    with queue:
        print("first batch", queue.take(4))
    print("second batch", queue.take(4))
