"""The promo report reads order_lines.csv with dtype=object ("keep codes exactly as written"); full-price lines have an empty promo_code cell, which becomes NaN in an object column."""
# beside: order-lines-api-numeric-legacy-promo-codes
# why: every promo code is text here; the NaN comes from empty cells read with the user's own dtype=object, not from the API returning legacy codes as numbers.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 400, 1: 1500}[VARIANT]
codes = np.array(["BF24-10", "BF24-25", "WELCOME5", "", "", ""])
with open("order_lines.csv", "w") as fh:
    fh.write("order_id,sku,net,promo_code\n")
    for i in range(n):
        fh.write(f"{70000 + i},SKU-{rng.integers(100, 999)},{rng.uniform(5, 120):.2f},{codes[rng.integers(0, len(codes))]}\n")

lines = pd.read_csv("order_lines.csv", dtype=object)
if VARIANT == 1:
    print(f"read {len(lines)} order lines")
bf = lines[lines["promo_code"].str.startswith("BF")]
print(f"black friday lines: {len(bf)}")
