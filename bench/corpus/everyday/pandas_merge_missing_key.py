"""KeyError / MergeError from pandas merge on a key column one frame does not have."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

users = pd.DataFrame({"user_id": [1, 2, 3], "country": ["DE", "FR", "US"]})
orders = pd.DataFrame({"userId": [1, 1, 3], "amount": [9.5, 20.0, 3.25]})
items = pd.DataFrame({"sku": ["a", "b"], "price": [1.0, 2.0]})


def enrich(left, right, key):
    print(f"merging {len(left)} x {len(right)} rows on {key!r}")
    return left.merge(right, on=key, how="left")


if V == 0:
    print(enrich(orders, users, "user_id"))
elif V == 1:
    print(users.merge(orders, left_on="user_id", right_on="user_id"))
else:
    print(users.merge(items))
