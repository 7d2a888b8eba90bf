"""Each trial writes its row inside `with sqlite3.connect(...)` and, before that block commits, calls log_metrics, which opens a second connection to runs.db."""
# beside: sweep-launcher-open-transaction-locks-runs-db
# why: the trial writer blocks itself (its own uncommitted insert against its own helper's connection); the sweep launcher commits its row right away.
EXPECT = []
VARIANTS = 3

import json
import logging
import os
import sqlite3
import sys

VARIANT = int(sys.argv[1])
DB = {0: "runs.db", 1: "sweeps/runs.db", 2: "runs.db"}[VARIANT]
TIMEOUT = 0.5  # tracking.yaml


class Launcher:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(
            "CREATE TABLE IF NOT EXISTS sweeps (id INTEGER PRIMARY KEY, name TEXT, status TEXT);"
            "CREATE TABLE IF NOT EXISTS trials (id INTEGER PRIMARY KEY, sweep_id INTEGER, params TEXT);"
            "CREATE TABLE IF NOT EXISTS metrics (trial_id INTEGER, name TEXT, value REAL);"
        )
        self.conn.commit()

    def start(self, name):
        cur = self.conn.execute("INSERT INTO sweeps (name, status) VALUES (?, 'running')", (name,))
        self.conn.commit()
        return cur.lastrowid


def log_metrics(trial_id, metrics):
    with sqlite3.connect(DB, timeout=TIMEOUT) as conn:
        conn.executemany("INSERT INTO metrics VALUES (?, ?, ?)", [(trial_id, k, v) for k, v in metrics.items()])


def record_trial(sweep_id, params, metrics):
    with sqlite3.connect(DB, timeout=TIMEOUT) as conn:
        cur = conn.execute("INSERT INTO trials (sweep_id, params) VALUES (?, ?)", (sweep_id, json.dumps(params)))
        log_metrics(cur.lastrowid, metrics)  # still inside the trial's transaction


def main():
    os.makedirs(os.path.dirname(DB) or ".", exist_ok=True)
    sweep_id = Launcher(DB).start({0: "lr-sweep", 1: "dropout-sweep", 2: "lr-sweep"}[VARIANT])
    for i, lr in enumerate((1e-4, 3e-4, 1e-3)):
        if VARIANT == 2:
            print(f"[trial {i}] lr={lr} epoch 1/1 train_loss=0.{52 - i}")
        record_trial(sweep_id, {"lr": lr}, {"val_loss": 0.5 - i * 0.05, "val_acc": 0.7 + i * 0.02})


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s sweep: %(message)s")
        logging.info("starting sweep dropout-sweep (3 trials)")
        try:
            main()
        except Exception:
            logging.exception("sweep aborted")
            sys.exit(1)
    else:
        main()
