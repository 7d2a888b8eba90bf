"""A boolean filter built from an object column with missing values (str.contains / startswith on JSON records with nulls and numbers, a map of flags that misses a value) holds NaN: ValueError: Cannot mask with non-boolean array containing NA / NaN values."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

records = [
    {"sku": "A-100", "title": "USB-C cable 2m", "status": "active", "price": 9.5},
    {"sku": "A-101", "title": None, "status": "active", "price": 12.0},
    {"sku": 4711, "title": "HDMI cable", "status": "retired", "price": 7.0},
    {"sku": "B-200", "title": "Cable organiser", "status": "on_hold", "price": 4.2},
    {"sku": "B-201", "title": "Laptop stand", "status": "active", "price": 29.0},
    {"sku": "C-300", "title": 1984, "status": "active", "price": 8.9},  # the paperback
]
with open("catalog.json", "w") as f:
    json.dump(records, f)


def load(path):
    with open(path) as f:
        df = pd.DataFrame(json.load(f))
    logging.info("loaded %d products, dtypes: %s", len(df), dict(df.dtypes.astype(str)))
    return df


def cables(df):
    return df[df["title"].str.contains("cable", case=False)]


def sku_family(df, prefix):
    return df.loc[df["sku"].str.startswith(prefix)]


class Catalog:
    SELLABLE = {"active": True, "retired": False}

    def __init__(self, df):
        self.df = df

    def sellable(self):
        mask = self.df["status"].map(self.SELLABLE)
        return self.df[mask]


df = load("catalog.json")
if V == 0:
    print(cables(df)[["sku", "title"]])
elif V == 1:
    for prefix in ["A-", "B-"]:
        print(prefix, len(sku_family(df, prefix)), "products")
else:
    print(Catalog(df).sellable())
