"""SQL built with an f-string instead of placeholders: a text value unquoted (no such column: resnet50), a value with an apostrophe (near "s": syntax error), a column named after a keyword (near "order": syntax error)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sqlite3
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

conn = sqlite3.connect("runs.db")
conn.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, model TEXT, note TEXT, acc REAL)")
conn.executemany(
    "INSERT INTO runs (model, note, acc) VALUES (?, ?, ?)",
    [("resnet18", "baseline", 0.71), ("resnet50", "longer schedule", 0.76), ("vit_b16", "aug v2", 0.78)],
)
conn.commit()
print("seeded 3 runs", flush=True)


def best_run(model):
    sql = f"SELECT id, acc FROM runs WHERE model = {model} ORDER BY acc DESC LIMIT 1"
    return conn.execute(sql).fetchone()


def add_note(run_id, note):
    conn.execute(f"UPDATE runs SET note = '{note}' WHERE id = {run_id}")
    conn.commit()


def add_column(name, kind):
    conn.execute(f"ALTER TABLE runs ADD COLUMN {name} {kind}")


class Leaderboard:
    def __init__(self, db):
        self.db = db

    def top(self, metric):
        return self.db.execute(f"SELECT model, {metric} FROM runs ORDER BY {metric} DESC").fetchall()


if V == 0:
    for model in ["resnet50", "vit_b16"]:
        print(model, best_run(model))
elif V == 1:
    add_note(1, "baseline, seed 0")
    print("note 1 saved", flush=True)
    add_note(2, "Maria's rerun with warmup")
else:
    print(Leaderboard(conn).top("acc"))
    add_column("order", "INTEGER")  # position in the sweep
    print(Leaderboard(conn).top("order"))
