"""A teammate's search launcher for the retrieval model inserts its study row into runs.db and commits only when the search ends; each trial's writer times out on the lock."""
# beside: sweep-launcher-open-transaction-locks-runs-db
# why: the launcher holds an uncommitted write transaction on runs.db across all trials, so every trial's result writer hits the lock timeout, the entry's cause and fix.
EXPECT = ["sweep-launcher-open-transaction-locks-runs-db"]
VARIANTS = 2

import json
import os
import random
import sqlite3
import sys

VARIANT = int(sys.argv[1])
DB = {0: "experiments/runs.db", 1: "runs.db"}[VARIANT]


class SearchLauncher:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(
            "CREATE TABLE IF NOT EXISTS sweeps (id INTEGER PRIMARY KEY, name TEXT, status TEXT);"
            "CREATE TABLE IF NOT EXISTS trials (sweep_id INTEGER, params TEXT, val_loss REAL);"
        )
        self.conn.commit()

    def open_study(self, name):
        return self.conn.execute("INSERT INTO sweeps (name, status) VALUES (?, 'running')", (name,)).lastrowid

    def close_study(self, study_id):
        self.conn.execute("UPDATE sweeps SET status='done' WHERE id=?", (study_id,))
        self.conn.commit()

    def suggest(self, rng):
        return {"temperature": round(rng.uniform(0.02, 0.2), 3), "margin": rng.choice([0.1, 0.2, 0.3])}


class ResultWriter:
    def __init__(self, path, timeout=1.0):
        self.path, self.timeout = path, timeout

    def write(self, study_id, params, val_loss):
        conn = sqlite3.connect(self.path, timeout=self.timeout)
        conn.execute("INSERT INTO trials VALUES (?, ?, ?)", (study_id, json.dumps(params), val_loss))
        conn.commit()
        conn.close()


def objective(params):
    return 0.3 + params["temperature"] + params["margin"] / 10


def main():
    os.makedirs(os.path.dirname(DB) or ".", exist_ok=True)
    rng = random.Random(VARIANT)
    launcher = SearchLauncher(DB)
    study = launcher.open_study({0: "retrieval-temp-search", 1: "retrieval-margin-search"}[VARIANT])
    writer = ResultWriter(DB, timeout={0: 1.0, 1: 0.3}[VARIANT])
    for trial in range({0: 4, 1: 8}[VARIANT]):
        params = launcher.suggest(rng)
        loss = objective(params)
        print(f"trial {trial}: {params} val_loss={loss:.3f}")
        writer.write(study, params, loss)
    launcher.close_study(study)


if __name__ == "__main__":
    main()
