"""np.bincount for class counts given labels read as floats (a CSV column with a NaN became float64) or with -1 'unlabelled' rows: cannot cast float64 to int64 / must have no negative elements."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("labels.csv", "w") as f:
    f.write("sample_id,label\n")
    for i in range(40):
        label = "" if (V == 0 and i == 17) else (-1 if (V == 1 and i % 9 == 0) else i % 5)
        f.write(f"s{i:03d},{label}\n")


def class_weights(labels, n_classes):
    counts = np.bincount(labels, minlength=n_classes)
    print("counts per class:", counts)
    return counts.sum() / (n_classes * np.maximum(counts, 1))


df = pd.read_csv("labels.csv")
print(df["label"].dtype, len(df))
if V == 0:
    y = df["label"].dropna().to_numpy()
    print(class_weights(y, 5))
elif V == 1:
    y = df["label"].to_numpy()
    print(class_weights(y, 5))
else:
    y = df["label"].to_numpy() / 1      # "normalised" in an earlier refactor
    print(class_weights(y, 5))
