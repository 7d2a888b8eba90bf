"""pd.qcut on a zero-inflated or heavily tied column (sales with many zero days, days-since-last-purchase, a per-group constant) to make stratification bins or quantile features: ValueError: Bin edges must be unique: Index([0.0, 0.0, 0.0, 26.0, 59.0, 89.0], dtype='float64', name='days_since_purchase')."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("features")
rng = np.random.default_rng(0)
n = 2000

df = pd.DataFrame({
    "store": rng.choice(["north", "south", "east", "closed_west"], n, p=[0.35, 0.35, 0.25, 0.05]),
    "units_sold": np.where(rng.random(n) < 0.62, 0, rng.poisson(6, n)),
    "days_since_purchase": np.where(rng.random(n) < 0.45, 0, rng.integers(1, 90, n)),
    "price": rng.uniform(1, 50, n).round(2),
})
df.loc[df["store"] == "closed_west", "units_sold"] = 0
log.info("loaded %d rows; zero share: units %.2f, days %.2f", n, (df.units_sold == 0).mean(),
         (df.days_since_purchase == 0).mean())


def stratified_regression_split(frame, target, bins=10):
    strata = pd.qcut(frame[target], q=bins, labels=False)
    return train_test_split(frame, test_size=0.2, stratify=strata, random_state=0)


def add_quantile_features(frame, cols, q=5):
    for col in cols:
        frame[f"{col}_q{q}"] = pd.qcut(frame[col], q=q, labels=False)
        log.info("added %s_q%d", col, q)
    return frame


if V == 0:
    train, test = stratified_regression_split(df, "units_sold")
    print(len(train), len(test))
elif V == 1:
    df = add_quantile_features(df, ["price", "days_since_purchase"])
    print(df.head())
else:
    df["units_rank_in_store"] = df.groupby("store")["units_sold"].transform(lambda s: pd.qcut(s.rank(method="dense"), 4, labels=False))
    print(df.groupby("store")["units_rank_in_store"].value_counts())
