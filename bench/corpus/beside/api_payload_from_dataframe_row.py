"""A request body for the pricing service is built from a DataFrame row, whose integer cells are numpy int64."""
# beside: eval-report-numpy-counts-not-json-serializable
# why: the numpy value comes from pandas row access while building an HTTP payload; it is not the eval report's metrics writer.
EXPECT = []
VARIANTS = 2

import json
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
listings = pd.DataFrame({"listing_id": np.arange(100, 110), "rooms": rng.integers(1, 6, 10), "area_sqm": rng.uniform(30, 140, 10).round(1)})
i = {0: 0, 1: 7}[VARIANT]
payload = {"listing_id": listings.at[i, "listing_id"], "rooms": listings.at[i, "rooms"], "area_sqm": listings.at[i, "area_sqm"]}
if VARIANT == 1:
    print(f"pricing listing {payload['listing_id']}")
    body = json.dumps([payload], separators=(",", ":"))
else:
    body = json.dumps(payload)
