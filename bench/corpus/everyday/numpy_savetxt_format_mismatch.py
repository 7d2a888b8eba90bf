"""Errors from np.savetxt: string array with the default float format, fmt with the wrong count, a 3D array."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
names = np.array(["cat", "dog", "bird", "fish"])
scores = np.array([0.91, 0.45, 0.77, 0.12])


def write_predictions(path):
    if V == 0:
        np.savetxt(path, np.column_stack([names, scores]), delimiter=",")
    elif V == 1:
        ids = np.arange(len(scores))
        np.savetxt(path, np.column_stack([ids, scores, scores > 0.5]), fmt="%d,%.3f", header="id,score,pos")
    else:
        np.savetxt(path, np.stack([np.eye(3), np.eye(3)]), fmt="%.2f")


print("writing predictions")
write_predictions(["preds.csv", "preds.txt", "confusion.txt"][V])
print("done")
