"""A plotting helper labels readings with their units by rewriting the columns of the frame it is given, the same frame the detector is fit on afterwards."""
# beside: historian-export-readings-with-unit-suffix
# why: the loaded readings are numbers; the user's own helper mutates the shared frame in place into display strings before the model sees it, no export writes units.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])
UNITS = {"bearing_temp": "°C", "vibration_rms": "mm/s"}


def load_readings(n):
    rng = np.random.default_rng(VARIANT)
    frame = pd.DataFrame({"bearing_temp": rng.uniform(60, 85, n).round(2), "vibration_rms": rng.uniform(1, 6, n).round(2)})
    frame.loc[0, "bearing_temp"] = 74.11
    return frame


def summary_table(frame):
    """Printable summary: values with units (for the notebook / the weekly email)."""
    for col, unit in UNITS.items():
        frame[col] = frame[col].map(lambda v, unit=unit: f"{v:.2f} {unit}")
    return frame.head()


def fit_scaler(frame):
    return StandardScaler().fit(frame[list(UNITS)])


def main():
    readings = load_readings({0: 300, 1: 1200}[VARIANT])
    print(summary_table(readings).to_string())
    if VARIANT == 1:
        print(f"fitting scaler on {len(readings)} readings")
    fit_scaler(readings)


if __name__ == "__main__":
    main()
