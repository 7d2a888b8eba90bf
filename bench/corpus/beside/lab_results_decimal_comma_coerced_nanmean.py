"""A clinical-lab feature script reads the partner lab's CSV, which writes decimals with commas ("12,5"); pd.to_numeric(errors="coerce") turns every value of those columns into NaN, and the column means fail under the project's strict warnings."""
# beside: demand-baseline-28d-nanmean-stores-closed-for-remodel
# why: the all-NaN columns come from decimal commas coerced to NaN when parsing, not from days a store did not trade; the fix is decimal="," when reading the CSV.
EXPECT = []
VARIANTS = 2

import io
import sys
import warnings

import numpy as np
import pandas as pd

warnings.simplefilter("error")

VARIANT = int(sys.argv[1])
COLS = {0: ["crp_mg_l", "hb_g_dl"], 1: ["creatinine_mg_dl"]}[VARIANT]

rows = ["patient_id;" + ";".join(COLS)]
for i in range(50):
    rows.append(f"P{i:04d};" + ";".join(f"{5 + (i * 7 + j) % 20},{(i + j) % 10}" for j in range(len(COLS))))
labs = pd.read_csv(io.StringIO("\n".join(rows)), sep=";")
values = labs[COLS].apply(pd.to_numeric, errors="coerce").to_numpy()
print(f"{len(labs)} lab rows")
print(dict(zip(COLS, np.nanmean(values, axis=0))))
