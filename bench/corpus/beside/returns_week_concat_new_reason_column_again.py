"""A teammate's new etl/concat_week.py joins the week's daily returns files under the first file's header; from Thursday the returns export added a reason_code column."""
# beside: orders-monthly-concat-daily-files-new-column
# why: daily export files that gained a column are appended under the first file's shorter header, the entry's cause and fix.
EXPECT = ["orders-monthly-concat-daily-files-new-column"]
VARIANTS = 2

import os
import sys

import pandas as pd

VARIANT = int(sys.argv[1])
os.makedirs("exports/returns", exist_ok=True)
days = ["2024-06-10", "2024-06-11", "2024-06-12", "2024-06-13", "2024-06-14"]
change = {0: 3, 1: 1}[VARIANT]
for n, day in enumerate(days):
    header = "return_id,order_id,sku,qty" + (",reason_code" if n >= change else "")
    rows = [f"{n}{r:03d},{88000 + r},SKU-{100 + r},1" + (",DAMAGED" if n >= change else "") for r in range({0: 4, 1: 9}[VARIANT])]
    with open(f"exports/returns/returns_{day}.csv", "w") as fh:
        fh.write("\n".join([header] + rows) + "\n")


def concat_week(files, out):
    with open(out, "w") as dst:
        for n, path in enumerate(files):
            lines = open(path).readlines()
            dst.writelines(lines if n == 0 else lines[1:])
    return out


week = concat_week([f"exports/returns/returns_{d}.csv" for d in days], "returns_2024-W24.csv")
returns = pd.read_csv(week)
print(returns.groupby("sku").qty.sum())
