"""np.digitize given bin edges that are not sorted (thresholds from a config dict, a typo in a hand-written list, edges from a DataFrame in label order): ValueError: bins must be monotonically increasing or decreasing."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(8)


def risk_bands(scores, cfg_text):
    bands = yaml.safe_load(cfg_text)["risk_bands"]
    edges = np.array(list(bands.values()))
    return np.digitize(scores, edges)


def age_bucket(ages):
    return np.digitize(ages, [0, 18, 35, 25, 65])


def tier_edges(tiers):
    return tiers["min_spend"].to_numpy()


def assign_loyalty_tier(spend, tiers):
    return tiers["tier"].to_numpy()[np.digitize(spend, tier_edges(tiers)) - 1]


if V == 0:
    cfg = "risk_bands:\n  high: 0.8\n  low: 0.0\n  medium: 0.4\n  very_high: 0.95\n"
    print(risk_bands(rng.random(10), cfg))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    ages = rng.integers(16, 80, 1000)
    logging.getLogger("demographics").info("bucketing %d customer ages", ages.size)
    counts = np.bincount(age_bucket(ages))
else:
    tiers = pd.DataFrame({"tier": ["bronze", "gold", "silver", "platinum"], "min_spend": [0, 1000, 250, 5000]})
    spend = rng.gamma(1.5, 600, 8).round(2)
    print("spend", spend)
    print(assign_loyalty_tier(spend, tiers))
