"""reset_index() called again on a frame whose index was already reset (a helper resets, the caller resets too, or a loop repeats it): ValueError: cannot insert level_0 / index / user_id, already exists."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

rng = np.random.default_rng(0)
orders = pd.DataFrame({
    "user_id": rng.integers(1, 6, 40),
    "store": rng.choice(["north", "south"], 40),
    "amount": rng.gamma(2.0, 20.0, 40).round(2),
})


def clean(df, min_amount):
    df = df[df["amount"] > min_amount]
    return df.reset_index()


def per_user(df):
    out = df.groupby("user_id")["amount"].agg(["sum", "count"])
    return out.reset_index()


class Report:
    def __init__(self, df):
        self.df = df

    def totals(self):
        return self.df.groupby(["store", "user_id"])["amount"].sum().reset_index()

    def ranked(self):
        return self.totals().sort_values("amount", ascending=False).reset_index()

    def top(self, n):
        return self.ranked().head(n).reset_index()

    def with_rank(self, n):
        t = self.top(n).reset_index()
        t["rank"] = t["index"] + 1
        return t


if V == 0:
    df = orders
    for threshold in (5, 10, 20):  # tighten the filter step by step
        df = clean(df, threshold)
        logging.info("amount > %d: kept %d of %d orders", threshold, len(df), len(orders))
elif V == 1:
    users = per_user(orders)
    logging.info("users: %d", len(users))
    users = users.set_index("user_id", drop=False)
    print(users.reset_index().head())
else:
    print(Report(orders).with_rank(5))
