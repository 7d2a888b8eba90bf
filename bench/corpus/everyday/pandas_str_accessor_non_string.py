"""AttributeError: Can only use .str accessor with string values / .dt accessor with datetimelike values."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
with open("orders.csv", "w") as f:
    f.write("order_id,price,created\n1042,19.99,2024-01-03\n877,5.50,2024-01-04\n15,120.00,2024-01-09\n")


def clean(df):
    if V == 0:
        df["order_id"] = df["order_id"].str.zfill(6)
    elif V == 1:
        df["price"] = df["price"].str.replace("$", "", regex=False).astype(float)
    else:
        df["weekday"] = df["created"].dt.day_name()
    return df


orders = pd.read_csv("orders.csv")
print(orders.dtypes)
print(clean(orders))
