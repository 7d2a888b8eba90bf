"""A teammate's nightly batch-scoring job builds base features only, without add_calendar_flags, for the model trained with them."""
# beside: serving-features-skip-calendar-flags
# why: the scoring path skips add_calendar_flags (is_weekend, is_holiday), so the scaler fit on 14 columns gets 12, the entry's cause and fix.
EXPECT = ["serving-features-skip-calendar-flags"]
VARIANTS = 2

import sys

import numpy as np
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])


def base_features(n):
    return np.random.default_rng(n).normal(size=(n, 12))


def add_calendar_flags(x):
    return np.hstack([x, np.random.default_rng(1).integers(0, 2, (len(x), 2))])


scaler = StandardScaler().fit(add_calendar_flags(base_features(400)))
for chunk in range({0: 1, 1: 3}[VARIANT]):
    if VARIANT == 1:
        print(f"scoring chunk {chunk}: 1000 stores")
    scaler.transform(base_features(1000))
