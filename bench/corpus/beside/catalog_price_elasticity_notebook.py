"""A teammate's price-elasticity job reads the merchandising catalog export and takes catalog["price"]."""
# beside: catalog-export-price-renamed-unit-price
# why: the same catalog export with its column renamed to unit_price, read by another consumer still using price: the entry's fault.
EXPECT = ["catalog-export-price-renamed-unit-price"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(1)
n = 250
pd.DataFrame(
    {"sku": [f"SKU-{i:05d}" for i in range(n)], "category": rng.choice(["shoes", "bags"], n), "unit_price": rng.uniform(5, 300, n).round(2), "unit_cost": rng.uniform(2, 150, n).round(2)}
).to_csv("catalog_2024-07-01.csv", index=False)
catalog = pd.read_csv("catalog_2024-07-01.csv")
sales = pd.DataFrame({"sku": catalog["sku"], "units": rng.integers(0, 100, n)})
frame = sales.merge(catalog, on="sku")
if VARIANT == 1:
    print(f"elasticity: {len(frame)} skus")
    np.polyfit(np.log(frame["price"]), np.log1p(frame["units"]), 1)
else:
    frame["revenue"] = frame["units"] * frame["price"]
