"""namedtuple misuse for eval records: _replace with a field the tuple does not have, _make given a CSV row with a column fewer or more."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys
from collections import namedtuple

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
EvalRecord = namedtuple("EvalRecord", ["run_id", "split", "accuracy", "macro_f1"])


def recalibrated(rec, new_acc):
    return rec._replace(accuracy=new_acc, val_f1=round(new_acc - 0.03, 3))


def read_records(path):
    with open(path, newline="") as f:
        reader = csv.reader(f)
        next(reader)
        return [EvalRecord._make(row) for row in reader]


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        csv.writer(f).writerows(rows)


if V == 0:
    rec = EvalRecord("run-7", "val", 0.812, 0.774)
    print(rec)
    print(recalibrated(rec, 0.820))
elif V == 1:
    write_csv("eval.csv", [["run_id", "split", "accuracy", "macro_f1"], ["run-1", "val", "0.80", "0.77"], ["run-2", "val", "0.82"]])
    for r in read_records("eval.csv"):
        print(r)
else:
    rows = [["run_id", "split", "accuracy", "macro_f1", "loss"]]
    rows += [[f"run-{i}", "test", f"{0.7 + i / 100:.2f}", f"{0.65 + i / 100:.2f}", f"{1 / (i + 1):.3f}"] for i in range(6)]
    write_csv("test_eval.csv", rows)
    for epoch in range(1, 4):
        print(f"aggregating shard {epoch}/3", flush=True)
    best = max(read_records("test_eval.csv"), key=lambda r: float(r.macro_f1))
    print("best", best)
