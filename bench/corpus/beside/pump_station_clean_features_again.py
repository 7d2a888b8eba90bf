"""A teammate's pump-station model reuses clean_features from the sensor pipeline: it drops rows with a missing reading from X while the labels come from the unfiltered frame."""
# beside: clean-features-dropna-x-not-labels
# why: clean_features drops rows with missing sensor readings from the feature matrix only and y is taken from the unfiltered frame, the entry's cause and fix.
EXPECT = ["clean-features-dropna-x-not-labels"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])
SENSORS = ["flow", "vibration", "bearing_temp", "suction_pressure", "motor_current"]


def clean_features(frame):
    """features/clean.py, as the sensor pipeline has it."""
    return frame.drop(columns="failure").dropna()


def load_station(station, n):
    rng = np.random.default_rng(len(station))
    frame = pd.DataFrame(rng.normal(size=(n, len(SENSORS))), columns=SENSORS)
    gaps = rng.choice(n, n // 40, replace=False)  # the vibration probe drops out now and then
    frame.loc[gaps, "vibration"] = np.nan
    frame["failure"] = (rng.random(n) < 0.1).astype(int)
    return frame


def fit_station(station, n):
    frame = load_station(station, n)
    x = clean_features(frame)
    y = frame["failure"]
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.25, random_state=0)
    return GradientBoostingClassifier(n_estimators=20).fit(x_train, y_train)


def main():
    if VARIANT == 1:
        for station, n in (("north", 2400), ("harbour", 1800)):
            print(f"fitting station {station} ({n} readings)")
            fit_station(station, n)
    else:
        fit_station("riverside", 1200)


if __name__ == "__main__":
    main()
