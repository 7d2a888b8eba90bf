"""clean_features drops rows with missing sensor readings from X but the labels are taken from the unfiltered frame."""
EXPECT = ["clean-features-dropna-x-not-labels"]
VARIANTS = 3

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])


def load(n):
    rng = np.random.default_rng(VARIANT)
    frame = pd.DataFrame(rng.normal(size=(n, 4)), columns=["temp", "vibration", "pressure", "rpm"])
    frame.loc[rng.choice(n, n // 50, replace=False), "vibration"] = np.nan
    frame["failure"] = rng.integers(0, 2, n)
    return frame


def clean_features(frame):
    return frame.drop(columns="failure").dropna()


def main():
    frame = load({0: 1000, 1: 2500, 2: 600}[VARIANT])
    x = clean_features(frame)
    y = frame["failure"]
    if VARIANT == 1:
        train_test_split(x, y, test_size=0.2)
    else:
        if VARIANT == 2:
            print(f"{len(frame)} rows loaded, {x.shape[1]} sensor features")
        RandomForestClassifier(n_estimators=10).fit(x, y)


if __name__ == "__main__":
    main()
