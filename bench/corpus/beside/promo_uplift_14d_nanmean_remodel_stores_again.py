"""A teammate's new promo-uplift feature in forecast/train.py (warnings as errors) takes each store's mean daily sales over the 14 days before a promotion with np.nanmean over the POS export, where days a store did not trade are NaN; two stores were closed for a remodel the whole time."""
# beside: demand-baseline-28d-nanmean-stores-closed-for-remodel
# why: a store closed for the whole window has only NaN days in the POS export, so nanmean has nothing to average under filterwarnings("error"), the entry's cause and fix.
EXPECT = ["demand-baseline-28d-nanmean-stores-closed-for-remodel"]
VARIANTS = 3

import sys
import warnings

import numpy as np
import pandas as pd

warnings.filterwarnings("error")  # fail loudly on numeric warnings (INC-2291)

VARIANT = int(sys.argv[1])
PROMO_START = {0: "2024-06-10", 1: "2024-06-17", 2: "2024-06-10"}[VARIANT]

rng = np.random.default_rng(VARIANT)
index = pd.date_range("2024-04-01", "2024-06-30", freq="D")
sales = pd.DataFrame(rng.gamma(4.0, 900.0, size=(len(index), 90)), index=index, columns=[f"S{i:03d}" for i in range(90)])
sales.loc["2024-05-20":, ["S017", "S088"]] = np.nan  # remodel


def pre_promo_mean(sales, start, days=14):
    before = sales.loc[pd.Timestamp(start) - pd.Timedelta(days=days): pd.Timestamp(start) - pd.Timedelta(days=1)]
    return np.nanmean(before.to_numpy(), axis=0)


if VARIANT == 2:
    print(f"promo {PROMO_START}: 90 stores")
uplift = sales.loc[PROMO_START:].iloc[:7].mean().to_numpy() / pre_promo_mean(sales, PROMO_START)
print(uplift.round(2)[:5])
