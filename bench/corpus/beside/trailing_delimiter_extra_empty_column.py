"""A hand-made headerless lookup file ends every line with a semicolon, which read_csv turns into one more (empty) column."""
# beside: pos-feed-new-column-stale-pos-columns-list
# why: the extra column is an empty one from trailing delimiters in the file; no vendor added a field to a feed.
EXPECT = []
VARIANTS = 2

import sys

import pandas as pd

VARIANT = int(sys.argv[1])

rows = {0: ["1;Berlin;DE;", "2;Hamburg;DE;", "3;Vienna;AT;"], 1: ["10;north;0.8;1.2;", "11;south;0.9;1.1;", "12;west;1.0;1.0;"]}[VARIANT]
names = {0: ["city_id", "city", "country"], 1: ["region_id", "region", "price_idx", "demand_idx"]}[VARIANT]
with open("lookup.csv", "w") as fh:
    fh.write("\n".join(rows) + "\n")

lookup = pd.read_csv("lookup.csv", sep=";", header=None)
if VARIANT == 1:
    print(f"{len(lookup)} rows")
lookup.columns = names
