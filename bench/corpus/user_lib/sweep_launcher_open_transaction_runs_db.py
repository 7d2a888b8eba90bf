"""The sweep launcher inserts the sweep's row into runs.db and keeps that write transaction open (it commits when the sweep ends); every trial's result writer then waits on the lock and times out."""
EXPECT = ["sweep-launcher-open-transaction-locks-runs-db"]
VARIANTS = 4

import json
import logging
import os
import sqlite3
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np

VARIANT = int(sys.argv[1])
DB = {0: "runs.db", 1: "sweeps/runs.db", 2: "runs.db", 3: "tracking.sqlite"}[VARIANT]
WRITER_TIMEOUT = 0.5  # seconds a trial waits for the database (from tracking.yaml)


class Launcher:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(
            "CREATE TABLE IF NOT EXISTS sweeps (id INTEGER PRIMARY KEY, name TEXT, status TEXT);"
            "CREATE TABLE IF NOT EXISTS trials (sweep_id INTEGER, params TEXT, val_loss REAL);"
        )
        self.conn.commit()

    def start(self, name):
        cur = self.conn.execute("INSERT INTO sweeps (name, status) VALUES (?, 'running')", (name,))
        return cur.lastrowid  # committed in finish(), after the last trial

    def finish(self, sweep_id):
        self.conn.execute("UPDATE sweeps SET status='done' WHERE id=?", (sweep_id,))
        self.conn.commit()


def run_trial(sweep_id, params):
    rng = np.random.default_rng(int(params["lr"] * 1e6))
    val_loss = float(rng.uniform(0.2, 0.9))
    with sqlite3.connect(DB, timeout=WRITER_TIMEOUT) as conn:
        conn.execute("INSERT INTO trials VALUES (?, ?, ?)", (sweep_id, json.dumps(params), val_loss))
    return val_loss


def main():
    os.makedirs(os.path.dirname(DB) or ".", exist_ok=True)
    launcher = Launcher(DB)
    sweep_id = launcher.start({0: "lr-sweep", 1: "dropout-sweep", 2: "lr-sweep", 3: "wd-sweep"}[VARIANT])
    grid = [{"lr": lr, "dropout": 0.1} for lr in (1e-4, 3e-4, 1e-3)]
    if VARIANT == 1:
        with ThreadPoolExecutor(max_workers=3) as pool:
            futures = [pool.submit(run_trial, sweep_id, p) for p in grid]
            for f in futures:
                print(f"trial done: val_loss={f.result():.3f}")
    else:
        for i, params in enumerate(grid):
            if VARIANT == 3:
                print(f"[trial {i}] lr={params['lr']} epoch 1/1 train_loss=0.{41 + i}")
            print(f"[trial {i}] val_loss={run_trial(sweep_id, params):.3f}")
    launcher.finish(sweep_id)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s sweep: %(message)s")
        logging.info("starting sweep lr-sweep (3 trials)")
        try:
            main()
        except Exception:
            logging.exception("sweep aborted")
            sys.exit(1)
    else:
        main()
