"""Pivoting an experiment log into a run x metric table when a run logged the same metric twice: Index contains duplicate entries, cannot reshape."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

variant = int(sys.argv[1])
rows = [("run-a", "val_acc", 0.81), ("run-a", "val_loss", 0.52), ("run-b", "val_acc", 0.84), ("run-b", "val_loss", 0.47)]
rows.append([("run-b", "val_acc", 0.85), ("run-a", "val_loss", 0.50), ("run-c", "val_acc", 0.79)][variant])
if variant == 2:
    rows.append(("run-c", "val_acc", 0.80))  # resumed run logged again
log = pd.DataFrame(rows, columns=["run", "metric", "value"])
log.to_csv("metrics.csv", index=False)
log = pd.read_csv("metrics.csv")
print(f"{len(log)} metric rows from {log.run.nunique()} runs")
if variant == 1:
    table = log.set_index(["run", "metric"])["value"].unstack()
else:
    table = log.pivot(index="run", columns="metric", values="value")
print(table)
