"""After a groupby, reset_index() brings the group keys back as columns, and the code then renames with a list that does not count them."""
# beside: pos-feed-new-column-stale-pos-columns-list
# why: the extra column comes from the user's own reset_index, not from a vendor feed that gained a field.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 500, 1: 2000}[VARIANT]
sales = pd.DataFrame({"store": rng.integers(1, 20, n), "week": rng.integers(1, 53, n), "units": rng.integers(0, 40, n), "revenue": rng.uniform(0, 500, n)})
keys = ["store"] if VARIANT == 0 else ["store", "week"]
weekly = sales.groupby(keys).agg({"units": "sum", "revenue": "sum"}).reset_index()
if VARIANT == 1:
    print(weekly.head())
    weekly.columns = ["store", "total_units", "total_revenue"]
else:
    weekly.columns = ["total_units", "total_revenue"]
