"""A pandas boolean filter written `df[a > x & b < y]` without parentheses: & and | bind tighter than comparisons, so `x & b` runs first: TypeError: Cannot perform 'rand_' with a dtyped [float64] array and scalar of type [bool]."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(5)
n = 500
listings = pd.DataFrame({
    "sku": [f"SKU-{i:04d}" for i in range(n)],
    "discount": rng.uniform(0, 0.6, n).round(2),
    "price": rng.gamma(3.0, 15.0, n).round(2),
    "fraud_score": rng.random(n),
    "chargeback": rng.integers(0, 2, n),
})


def clearance_candidates(frame, min_discount=0.3, max_price=40.0):
    return frame[frame["discount"] > min_discount & frame["price"] < max_price]


def confident_predictions(frame, low=0.1, high=0.9):
    mask = frame["fraud_score"] < low | frame["fraud_score"] > high
    return frame.loc[mask]


def audit_sample(frame):
    flagged = frame[frame["fraud_score"] >= 0.5 & frame["chargeback"] == 1]
    return flagged.sample(min(20, len(flagged)), random_state=0)


if V == 0:
    print(f"{len(listings)} listings loaded")
    print(clearance_candidates(listings).head())
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("pseudo_labels")
    log.info("selecting confident predictions for pseudo-labelling")
    picked = confident_predictions(listings)
    log.info("picked %d rows", len(picked))
else:
    for week in range(1, 4):
        print(f"week {week}: drawing audit sample")
        audit_sample(listings)
