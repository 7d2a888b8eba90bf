"""ValueError: autodetected range of [nan, nan] is not finite, histogramming scores or feature values that hold NaN or inf (a 0-view CTR) for a drift report."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)


def histogram_summary(values, bins=10):
    counts, edges = np.histogram(values, bins=bins)
    return {"counts": counts.tolist(), "edges": edges.round(3).tolist()}


def drift_report(reference, current, feature):
    lo, hi = np.min(reference), np.max(reference)
    ref_counts, edges = np.histogram(reference, bins=20, range=(lo, hi))
    cur_counts, _ = np.histogram(current, bins=edges)
    return {"feature": feature, "ref": ref_counts.tolist(), "cur": cur_counts.tolist()}


if V == 0:
    scores = rng.random(500)
    scores[rng.integers(0, 500, 3)] = np.nan
    print(json.dumps(histogram_summary(scores)))
elif V == 1:
    clicks = rng.integers(1, 50, 300).astype(float)
    views = rng.integers(0, 60, 300).astype(float) * 10
    with np.errstate(divide="ignore", invalid="ignore"):
        ctr = clicks / views
    print(f"ctr computed for {len(ctr)} items")
    print(json.dumps(histogram_summary(ctr, bins=25)))
else:
    ref = rng.normal(0, 1, 1000)
    ref[17] = np.nan
    cur = rng.normal(0.3, 1, 1000)
    for name in ["age_z", "income_z"]:
        print(f"drift check {name}", flush=True)
    print(drift_report(ref, cur, "tenure_z"))
