"""A one-element tuple written without its trailing comma (`("price")`) is a plain string, so the code iterates its characters: a column list of letters, a KeyError on 'p'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("listings.csv", "w") as f:
    f.write("listing_id,price,rooms,area_m2,city\n")
    for i in range(12):
        f.write(f"{1000 + i},{250 + 13 * i},{1 + i % 4},{30 + 5 * i},{'Berlin' if i % 2 else 'Lyon'}\n")

NUMERIC = ("price")            # meant: ("price",)
DROP_AFTER_LOAD = ("city")     # meant: ("city",)
TARGETS = ("area_m2")          # meant: ("area_m2",)


def load():
    df = pd.read_csv("listings.csv")
    print(f"loaded {len(df)} rows, columns={list(df.columns)}")
    return df


def scale(df, columns):
    for col in columns:
        df[col] = (df[col] - df[col].mean()) / df[col].std()
    return df


df = load()
if V == 0:
    X = df[list(NUMERIC)]
    print(X.describe())
elif V == 1:
    df = df.drop(columns=[c for c in DROP_AFTER_LOAD])
    print(df.head())
else:
    y = scale(df, TARGETS)
    print(y.head())
