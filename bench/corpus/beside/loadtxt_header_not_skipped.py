"""np.loadtxt is called without skiprows on a file that has a header line."""
# beside: finance-revenue-export-thousands-separator
# why: the unparseable string is the header row, not an amount formatted with thousands separators.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np

VARIANT = int(sys.argv[1])

with open("metrics.csv", "w") as fh:
    fh.write("step,loss,accuracy\n" + "".join(f"{i},{1 / (i + 1):.4f},{0.5 + i / 100:.3f}\n" for i in range(20)))
if VARIANT == 1:
    print("plotting metrics.csv")
np.loadtxt("metrics.csv", delimiter=",", dtype=float)
