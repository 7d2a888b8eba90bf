"""The basket model uses np.log(price) as a feature; giveaway items in a promotion have price 0, so the log is -inf."""
# beside: orders-per-visit-inf-app-only-customers
# why: the infinity is log(0) of free promotional items in the user's own transform, not a ratio over web visits that app-only customers lack.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 800, 1: 2500}[VARIANT]
items = pd.DataFrame({"price": rng.uniform(1, 80, n).round(2), "qty": rng.integers(1, 5, n), "returned": rng.integers(0, 2, n)})
items.loc[rng.choice(n, n // 40, replace=False), "price"] = 0.0  # "free gift with purchase" lines
items["log_price"] = np.log(items["price"])
if VARIANT == 1:
    print(f"{len(items)} basket lines, {items['returned'].mean():.2%} returned")
LogisticRegression().fit(items[["log_price", "qty"]], items["returned"])
