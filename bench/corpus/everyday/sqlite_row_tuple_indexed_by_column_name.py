"""TypeError: tuple indices must be integers or slices, not str: rows from a sqlite3 feature store / run-tracking table indexed by column name while the connection (or the cursor, made before row_factory was set) still returns plain tuples."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sqlite3
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

conn = sqlite3.connect("runs.db")
conn.execute("CREATE TABLE IF NOT EXISTS runs (run_id TEXT, model TEXT, lr REAL, val_loss REAL)")
conn.executemany(
    "INSERT INTO runs VALUES (?, ?, ?, ?)",
    [("r1", "gbm", 0.1, 0.412), ("r2", "gbm", 0.05, 0.398), ("r3", "mlp", 0.001, 0.377)],
)
conn.execute("CREATE TABLE IF NOT EXISTS user_features (user_id INTEGER, n_orders INTEGER, avg_basket REAL)")
conn.executemany("INSERT INTO user_features VALUES (?, ?, ?)", [(1, 4, 23.5), (2, 11, 61.0)])
conn.commit()


def best_run(db):
    row = db.execute("SELECT * FROM runs ORDER BY val_loss LIMIT 1").fetchone()
    return row["run_id"], row["val_loss"]


class FeatureStore:
    def __init__(self, db):
        self.cur = db.cursor()
        db.row_factory = sqlite3.Row       # too late for self.cur, made above

    def get(self, user_id):
        row = self.cur.execute("SELECT * FROM user_features WHERE user_id = ?", (user_id,)).fetchone()
        return {"n_orders": row["n_orders"], "avg_basket": row["avg_basket"]}


if V == 0:
    run_id, loss = best_run(conn)
    print(f"best run {run_id}: {loss:.3f}")
elif V == 1:
    by_model = {}
    for row in conn.execute("SELECT model, lr, val_loss FROM runs"):
        print(f"read {row}", flush=True)
        by_model.setdefault(row["model"], []).append(row["val_loss"])
elif V == 2:
    store = FeatureStore(conn)
    for uid in (1, 2):
        print(uid, store.get(uid))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("report")
    rows = conn.execute("SELECT run_id, model, val_loss FROM runs").fetchall()
    log.info("loaded %d runs", len(rows))
    try:
        table = [f"{r['run_id']:>4} {r['model']:>4} {r['val_loss']:.3f}" for r in rows]
    except TypeError:
        log.exception("could not format the run table")
        raise
    print("\n".join(table))
