"""After set_index("price") for a lookup, the code still reads frame["price"] as a column."""
# beside: catalog-export-price-renamed-unit-price
# why: the user's own set_index moved price into the index; the input data has a price column.
EXPECT = []
VARIANTS = 2

import sys

import pandas as pd

VARIANT = int(sys.argv[1])

frame = pd.DataFrame({"price": [9.99, 19.99, 4.5, 12.0] * (5 + VARIANT), "qty": range(4 * (5 + VARIANT))})
by_price = frame.set_index("price").sort_index()
if VARIANT == 0:
    by_price["price"].max()
else:
    cheapest = by_price.head(3)
    print(cheapest)
    cheapest["price"].tolist()
