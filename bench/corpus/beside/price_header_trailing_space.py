"""A hand-saved spreadsheet has the header "price " with a trailing space."""
# beside: catalog-export-price-renamed-unit-price
# why: the column is still called price but with a stray space from a spreadsheet, not renamed to unit_price by the catalog export.
EXPECT = []
VARIANTS = 2

import sys

import pandas as pd

VARIANT = int(sys.argv[1])

with open("competitor_prices.csv", "w") as fh:
    fh.write("sku,price ,shop\n" + "".join(f"A{i},{10 + i}.99,shop{i % 3}\n" for i in range(50)))
prices = pd.read_csv("competitor_prices.csv")
if VARIANT == 0:
    print(prices["price"].median())
else:
    print(prices.columns.tolist())
    prices["price"].astype(float).describe()
