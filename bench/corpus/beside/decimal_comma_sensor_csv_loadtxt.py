"""A lab instrument on a German-locale PC writes its CSV with decimal commas ("21,4") and semicolons; it is read with np.loadtxt."""
# beside: finance-revenue-export-thousands-separator
# why: the comma is a decimal separator from a German locale, not a thousands separator in finance's revenue export.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
path = {0: "viscosity_run12.csv", 1: "ph_log_2024-06.csv"}[VARIANT]
with open(path, "w") as fh:
    for t in range({0: 30, 1: 120}[VARIANT]):
        fh.write(f"{t};" + ";".join(f"{v:.2f}".replace(".", ",") for v in rng.uniform(1, 50, 3)) + "\n")

if VARIANT == 1:
    print(f"reading {path}")
data = np.loadtxt(path, delimiter=";")
