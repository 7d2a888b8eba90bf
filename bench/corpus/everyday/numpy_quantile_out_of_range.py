"""ValueError: Quantiles must be in the range [0, 1] / Percentiles must be in the range [0, 100] (q given in the other scale)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
latencies_ms = np.random.default_rng(0).gamma(2.0, 15.0, size=500)


def p95(values):
    return np.quantile(values, 95)


def clip_bounds(values, tail=0.5):
    return np.percentile(values, [-tail, 100 + tail])


def report(values):
    return pd.Series(values).quantile([0.5, 90, 99])


print(f"{latencies_ms.size} requests, mean {latencies_ms.mean():.1f} ms")
print([p95, clip_bounds, report][V](latencies_ms))
