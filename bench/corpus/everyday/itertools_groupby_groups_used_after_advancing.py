"""ValueError: max() arg is an empty sequence (or ZeroDivisionError, StatisticsError): the group iterators from itertools.groupby are stored (a dict or list comprehension) and read afterwards, but each one is exhausted as soon as groupby moves to the next key, so every group but the last is empty."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import statistics
import sys
from itertools import groupby
from operator import itemgetter

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n_runs = [3, 4, 2, 5][V]
with open("sweep_results.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["run", "epoch", "val_loss", "val_acc"])
    for r in range(n_runs):
        for e in range(4):
            w.writerow([f"run{r}", e, round(1.0 / (e + 1 + r), 4), round(0.6 + 0.05 * e + 0.01 * r, 4)])


def read_rows(path):
    with open(path, newline="") as f:
        rows = [{**r, "epoch": int(r["epoch"]), "val_loss": float(r["val_loss"]), "val_acc": float(r["val_acc"])}
                for r in csv.DictReader(f)]
    return sorted(rows, key=itemgetter("run"))


rows = read_rows("sweep_results.csv")
print(f"{len(rows)} rows from {n_runs} runs")

if V == 0:
    by_run = {run: epochs for run, epochs in groupby(rows, key=itemgetter("run"))}
    for run, epochs in by_run.items():
        best = max(epochs, key=itemgetter("val_acc"))
        print(f"{run}: best epoch {best['epoch']} acc {best['val_acc']}")
elif V == 1:
    groups = list(groupby(rows, key=itemgetter("run")))
    for run, epochs in groups:
        epochs = list(epochs)
        mean_loss = sum(e["val_loss"] for e in epochs) / len(epochs)
        print(f"{run}: mean val_loss {mean_loss:.4f}")
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("sweep_report")

    def group_runs(rows):
        return [(run, g) for run, g in groupby(rows, key=itemgetter("run"))]

    for run, g in group_runs(rows):
        accs = [r["val_acc"] for r in g]
        log.info("%s: %d epochs, mean acc %.4f", run, len(accs), statistics.mean(accs))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("leaderboard")

    class Leaderboard:
        def __init__(self, rows):
            self.groups = dict(groupby(rows, key=itemgetter("run")))
            log.info("tracking %d runs", len(self.groups))

        def final_loss(self, run):
            *_, last = self.groups[run]
            return last["val_loss"]

    board = Leaderboard(rows)
    for run in sorted(board.groups):
        log.info("%s final val_loss %.4f", run, board.final_loss(run))
