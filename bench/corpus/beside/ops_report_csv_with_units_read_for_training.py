"""The anomaly notebook trains on reports/pump_07_daily.csv, the ops team's human-readable report the team's own report job formats with units, instead of the raw readings."""
# beside: historian-export-readings-with-unit-suffix
# why: the raw historian data is plain numbers; the strings come from the team's report job formatting values for people ("74.11 °C"), and that display file was used as model input.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import IsolationForest

VARIANT = int(sys.argv[1])
UNITS = {"bearing_temp": "°C", "inlet_pressure": "bar", "flow_rate": "m3/h"}


def raw_readings(n):
    rng = np.random.default_rng(7)
    frame = pd.DataFrame(
        {"ts": pd.date_range("2024-05-01", periods=n, freq="h"), "bearing_temp": rng.uniform(60, 85, n).round(2), "inlet_pressure": rng.uniform(3.5, 4.5, n).round(2), "flow_rate": rng.uniform(110, 140, n).round(1)}
    )
    frame.loc[0, "bearing_temp"] = 74.11
    return frame


def write_ops_report(readings, path):
    """Daily report for the shift leads: readable values with units."""
    report = readings.copy()
    for col, unit in UNITS.items():
        report[col] = [f"{v:.2f} {unit}" for v in report[col]]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    report.to_csv(path, index=False)


def main():
    readings = raw_readings({0: 240, 1: 720}[VARIANT])
    write_ops_report(readings, "reports/pump_07_daily.csv")
    train = pd.read_csv("reports/pump_07_daily.csv", parse_dates=["ts"])
    if VARIANT == 1:
        logging.info("training on %d rows, columns %s", len(train), list(train.columns))
    IsolationForest(n_estimators=50, random_state=0).fit(train[list(UNITS)])


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s anomaly: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
