"""Labels for "fails within the next h readings" are built with shift(-h).dropna() on y, which removes the last h rows from y only; clean_features keeps every row."""
# beside: clean-features-dropna-x-not-labels
# why: y is the short one, cut by the forecast horizon's shift; clean_features drops nothing from X (no missing sensor readings).
EXPECT = []
VARIANTS = 3

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score

VARIANT = int(sys.argv[1])
HORIZON = {0: 24, 1: 6, 2: 48}[VARIANT]


def load(n):
    rng = np.random.default_rng(VARIANT)
    frame = pd.DataFrame(rng.normal(size=(n, 3)), columns=["temp", "vibration", "current"])
    frame["failed"] = (rng.random(n) < 0.03).astype(int)
    return frame


def clean_features(frame):
    return frame[["temp", "vibration", "current"]].clip(-5, 5)


def future_failure(frame, horizon):
    ahead = frame["failed"][::-1].rolling(horizon, min_periods=1).max()[::-1]
    return ahead.shift(-horizon).dropna().astype(int)


def main():
    frame = load({0: 1500, 1: 700, 2: 3000}[VARIANT])
    x = clean_features(frame)
    y = future_failure(frame, HORIZON)
    if VARIANT == 2:
        print(f"horizon {HORIZON} readings, positives {int(y.sum())}")
        cross_val_score(LogisticRegression(), x, y, cv=3)
    else:
        LogisticRegression().fit(x, y)


if __name__ == "__main__":
    main()
