"""np.average with sample weights that sum to zero for a slice (a segment with no traffic, recency weights underflowing to 0.0, a fold whose weights were all masked): ZeroDivisionError: Weights sum to zero, can't be normalized."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(29)


def eval_frame():
    return pd.DataFrame({"segment": ["web"] * 5 + ["app"] * 5 + ["kiosk"] * 3,
                         "abs_err": rng.gamma(2, 3, 13).round(2),
                         "sessions": [120, 40, 80, 10, 5, 300, 220, 90, 60, 30, 0, 0, 0]})


def weighted_mae_by_segment(frame):
    out = {}
    for seg, part in frame.groupby("segment"):
        out[seg] = np.average(part["abs_err"], weights=part["sessions"])
    return out


def recency_weights(age_days, half_life_days):
    return np.exp(-np.log(2) * age_days / half_life_days)


def recency_weighted_rating(ratings, age_days):
    return np.average(ratings, weights=recency_weights(age_days, half_life_days=0.5))


def rate_products():
    products = {"KTC-1": ([4, 5, 3], [2.0, 10.0, 30.0]), "GRD-7": ([2, 1], [800.0, 1200.0])}
    for sku, (ratings, ages) in products.items():
        print(sku, recency_weighted_rating(np.array(ratings), np.array(ages)))


def fold_metrics():
    per_fold = np.array([[0.81, 0.42], [0.79, 0.40], [0.83, 0.45]])
    fold_sizes = np.array([1200, 1100, 1300])
    valid = np.array([False, False, False])
    return np.average(per_fold, axis=0, weights=fold_sizes * valid)


if V == 0:
    print(weighted_mae_by_segment(eval_frame()))
elif V == 1:
    rate_products()
else:
    for fold in range(3):
        print(f"fold {fold}: metrics collected", flush=True)
    print(fold_metrics())
