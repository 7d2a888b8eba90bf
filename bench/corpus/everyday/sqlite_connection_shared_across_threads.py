"""One sqlite3 connection opened in the main thread is used by worker threads (a thread pool writing results, a background logger): sqlite3.ProgrammingError: SQLite objects created in a thread can only be used in that same thread."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sqlite3
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(threadName)s %(message)s")
log = logging.getLogger("results")

DB = ["results.db", "eval_runs.sqlite", "metrics.db"][V]
conn = sqlite3.connect(DB)
conn.execute("CREATE TABLE IF NOT EXISTS scores (run TEXT, split TEXT, value REAL)")
conn.commit()
log.info("opened %s", DB)


def score(run, split):
    return round(hash((run, split)) % 1000 / 1000, 3)


def save(run, split):
    value = score(run, split)
    conn.execute("INSERT INTO scores VALUES (?, ?, ?)", (run, split, value))
    conn.commit()
    return value


class ResultWriter(threading.Thread):
    def __init__(self, db, rows):
        super().__init__(name="writer")
        self.db, self.rows, self.error = db, rows, None

    def run(self):
        try:
            self.db.executemany("INSERT INTO scores VALUES (?, ?, ?)", self.rows)
            self.db.commit()
        except Exception as exc:  # re-raised in the main thread below
            self.error = exc


save("baseline", "val")
log.info("baseline stored")
if V == 0:
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(save, f"run-{i}", "val") for i in range(4)]
        for fut in futures:
            log.info("stored %.3f", fut.result())
elif V == 1:
    writer = ResultWriter(conn, [("run-a", "test", 0.71), ("run-b", "test", 0.69)])
    writer.start()
    writer.join()
    if writer.error:
        raise writer.error
else:
    def nightly(runs):
        with ThreadPoolExecutor(max_workers=2, thread_name_prefix="nightly") as pool:
            return list(pool.map(lambda r: save(r, "holdout"), runs))

    print(nightly(["2024-05-01", "2024-05-02", "2024-05-03"]))
