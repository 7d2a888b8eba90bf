"""The nightly features export takes BEGIN EXCLUSIVE on features.db to dump a consistent snapshot table by table; the ingest writer that runs meanwhile cannot get the lock."""
# beside: sweep-launcher-open-transaction-locks-runs-db
# why: the lock is an export job's deliberate exclusive transaction on features.db, not a sweep launcher leaving its insert uncommitted across trials.
EXPECT = []
VARIANTS = 2

import csv
import sqlite3
import sys
import threading

VARIANT = int(sys.argv[1])
DB = {0: "features.db", 1: "store/features.sqlite"}[VARIANT]


def setup():
    import os

    os.makedirs(os.path.dirname(DB) or ".", exist_ok=True)
    conn = sqlite3.connect(DB)
    conn.execute("CREATE TABLE user_features (user_id INTEGER, name TEXT, value REAL)")
    conn.executemany("INSERT INTO user_features VALUES (?, ?, ?)", [(i, "sessions_7d", i % 13) for i in range(3000)])
    conn.commit()
    conn.close()


def export_snapshot(started, release):
    conn = sqlite3.connect(DB, isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")  # a consistent snapshot across tables
    started.set()
    with open("user_features.csv", "w", newline="") as fh:
        csv.writer(fh).writerows(conn.execute("SELECT * FROM user_features"))
    release.wait(5)
    conn.execute("COMMIT")


def ingest(rows):
    conn = sqlite3.connect(DB, timeout=0.5)
    conn.executemany("INSERT INTO user_features VALUES (?, ?, ?)", rows)
    conn.commit()


def main():
    setup()
    started, release = threading.Event(), threading.Event()
    exporter = threading.Thread(target=export_snapshot, args=(started, release), daemon=True)
    exporter.start()
    started.wait(5)
    if VARIANT == 1:
        print("export: dumping user_features")
        print("ingest: 200 new rows from the events stream")
    try:
        ingest([(3000 + i, "sessions_7d", 1.0) for i in range({0: 50, 1: 200}[VARIANT])])
    finally:
        release.set()
        exporter.join()


if __name__ == "__main__":
    main()
