EXPECT = []
VARIANTS = 3

# Smoothing of a KPI series for a dashboard: the smoothing factor is entered in percent in the
# settings sheet ("30" for 0.3), or as a span of less than one day.
import csv
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SETTINGS = [
    [("metric", "conversion_rate"), ("smoothing", "alpha"), ("value", "30")],
    [("metric", "avg_order_value"), ("smoothing", "alpha"), ("value", "0")],
    [("metric", "sessions"), ("smoothing", "span"), ("value", "0.5")],
][V]


def read_settings(path):
    with open(path, newline="") as f:
        return {row["key"]: row["value"] for row in csv.DictReader(f)}


def smooth(series, how, value):
    if how == "span":
        return series.ewm(span=value, adjust=False).mean()
    return series.ewm(alpha=value, adjust=False).mean()


def main():
    with open("dashboard_settings.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["key", "value"])
        w.writerows(SETTINGS)
    s = read_settings("dashboard_settings.csv")
    rng = np.random.default_rng(3)
    kpi = pd.Series(rng.normal(0.03, 0.005, 90), index=pd.date_range("2024-03-01", periods=90), name=s["metric"])
    print(f"{s['metric']}: {len(kpi)} days, smoothing {s['smoothing']}={s['value']}")
    smoothed = smooth(kpi, s["smoothing"], float(s["value"]))
    print(smoothed.tail(3))


if __name__ == "__main__":
    main()
