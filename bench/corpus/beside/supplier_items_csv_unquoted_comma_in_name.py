"""The supplier portal's item export is written with ",".join(fields) and no quoting; item 34's description is "Bolt, M6 zinc" and its comma splits it into two fields."""
# beside: orders-monthly-concat-daily-files-new-column
# why: the extra field is a comma inside an unquoted free-text value, not rows of daily files that gained a column being appended under an older header.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(VARIANT)
names = ["Washer M6", "Nut M8", "Hex key 4mm", "Cable tie 200mm", "Spring pin"]
rows = [["item_id", "sku", "pack_size", "unit_price", "description"]]
for i in range({0: 40, 1: 120}[VARIANT]):
    rows.append([str(500 + i), f"SUP-{rng.integers(1000, 9999)}", str(rng.integers(1, 100)), f"{rng.uniform(0.1, 9):.2f}", names[i % 5]])
rows[{0: 34, 1: 87}[VARIANT]][4] = "Bolt, M6 zinc"
with open("supplier_items.csv", "w") as fh:
    fh.write("\n".join(",".join(r) for r in rows) + "\n")
if VARIANT == 1:
    print("supplier export downloaded")
items = pd.read_csv("supplier_items.csv")
