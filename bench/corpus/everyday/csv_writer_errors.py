"""csv.Error / TypeError when writing rows that are not iterables or dicts with extra keys."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("metrics.csv", "w", newline="") as f:
    if V == 0:
        w = csv.writer(f)
        for acc in [0.81, 0.84]:
            w.writerow(acc)
    elif V == 1:
        w = csv.DictWriter(f, fieldnames=["epoch", "loss"])
        w.writeheader()
        w.writerow({"epoch": 1, "loss": 0.5, "acc": 0.8})
    else:
        w = csv.writer(f, delimiter="||")
