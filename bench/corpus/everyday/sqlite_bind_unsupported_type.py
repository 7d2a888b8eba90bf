"""sqlite3.ProgrammingError: Error binding parameter N: type ... is not supported, storing eval results with a list of tags, a loss tensor, a params dict or a Decimal."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sqlite3
import sys
from decimal import Decimal

import torch

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def open_db(path="experiments.db"):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE IF NOT EXISTS runs (run_id TEXT PRIMARY KEY, metric REAL, tags, params, cost)")
    return con


def log_run(con, run_id, metric, tags=None, params=None, cost=None):
    con.execute(
        "INSERT INTO runs VALUES (:run_id, :metric, :tags, :params, :cost)",
        {"run_id": run_id, "metric": metric, "tags": tags, "params": params, "cost": cost},
    )
    con.commit()


def evaluate(model, x, y):
    with torch.no_grad():
        return torch.nn.functional.mse_loss(model(x), y)


con = open_db()
log_run(con, "baseline", 0.712)
print("logged baseline")
if V == 0:
    log_run(con, "run-042", 0.745, tags=["bert-tiny", "lr-sweep"])
elif V == 1:
    torch.manual_seed(0)
    val_loss = evaluate(torch.nn.Linear(8, 1), torch.randn(32, 8), torch.randn(32, 1))
    print(f"val_loss={val_loss:.4f}")
    log_run(con, "run-043", val_loss)
elif V == 2:
    log_run(con, "run-043", 0.751, params={"lr": 3e-4, "batch_size": 64})
else:
    log_run(con, "run-044", 0.749, cost=Decimal("12.40"))
print(con.execute("SELECT count(*) FROM runs").fetchone())
