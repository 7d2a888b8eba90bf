"""A report iterates a large query with an open cursor on the same database while the ingest step commits; the unfinished read holds a shared lock."""
# beside: sweep-launcher-open-transaction-locks-runs-db
# why: the blocker is a half-consumed SELECT cursor (a reader's shared lock), not a launcher holding an uncommitted write across trials.
EXPECT = []
VARIANTS = 2

import sqlite3
import sys

VARIANT = int(sys.argv[1])

db = {0: "events.db", 1: "metrics.sqlite"}[VARIANT]
setup = sqlite3.connect(db)
setup.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, kind TEXT, value REAL)")
setup.executemany("INSERT INTO events (kind, value) VALUES (?, ?)", [("click" if i % 3 else "view", i * 0.5) for i in range(5000)])
setup.commit()
setup.close()

report = sqlite3.connect(db)
rows = report.execute("SELECT kind, value FROM events ORDER BY id")
first = rows.fetchmany(100)  # the rest is fetched later, page by page
print(f"report page 1: {len(first)} rows")

ingest = sqlite3.connect(db, timeout=0.5)
ingest.execute("INSERT INTO events (kind, value) VALUES ('click', 1.0)")
if VARIANT == 1:
    print("ingest: 1 new event")
ingest.commit()
