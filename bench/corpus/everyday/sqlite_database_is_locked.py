"""Two connections to one SQLite file: one holds an uncommitted write (a forgotten commit, a long transaction in another process) while the other writes with a short timeout: sqlite3.OperationalError: database is locked."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sqlite3
import subprocess
import sys
import textwrap
import time

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
DB = ["experiments.db", "queue.sqlite", "labels.db"][V]

setup = sqlite3.connect(DB)
setup.execute("CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY, name TEXT, status TEXT)")
setup.executemany("INSERT INTO jobs (name, status) VALUES (?, ?)", [("train-a", "queued"), ("train-b", "queued")])
setup.commit()
setup.close()


class JobStore:
    def __init__(self, path, timeout=0.2):
        self.conn = sqlite3.connect(path, timeout=timeout)

    def claim(self, name):
        self.conn.execute("UPDATE jobs SET status = 'running' WHERE name = ?", (name,))
        # the commit is done by the caller "later"

    def add(self, name):
        self.conn.execute("INSERT INTO jobs (name, status) VALUES (?, 'queued')", (name,))
        self.conn.commit()


if V == 0:
    scheduler = JobStore(DB)
    scheduler.claim("train-a")
    print("claimed train-a", flush=True)
    api = JobStore(DB)
    api.add("train-c")
elif V == 1:
    # a labelling tool in another process keeps a write transaction open
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sqlite3, time
        c = sqlite3.connect({DB!r})
        c.execute("BEGIN IMMEDIATE")
        c.execute("UPDATE jobs SET status = 'paused'")
        print("other process: holding the write lock", flush=True)
        time.sleep(3)
    """)], stdout=subprocess.PIPE, text=True)
    print(holder.stdout.readline().strip(), flush=True)
    try:
        for i in range(3):
            print(f"worker: marking batch {i}", flush=True)
            JobStore(DB, timeout=0.5).add(f"batch-{i}")
    finally:
        holder.kill()
else:
    def mark_all_done(store, names):
        for n in names:
            store.claim(n)
            print(f"{n} -> running", flush=True)

    def report(path):
        reader = sqlite3.connect(path, timeout=0.1)
        reader.execute("CREATE TABLE IF NOT EXISTS report (n INTEGER)")
        reader.commit()

    store = JobStore(DB)
    mark_all_done(store, ["train-a", "train-b"])
    time.sleep(0.05)
    report(DB)
