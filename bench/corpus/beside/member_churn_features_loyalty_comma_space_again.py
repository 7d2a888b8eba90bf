"""A teammate's member-churn feature job reads the same loyalty vendor export, written by the vendor's new tool with ', ' between fields, selecting its columns with usecols."""
# beside: loyalty-export-comma-space-separator-usecols
# why: the same fault: the vendor's export tool v2 separates fields with comma and space, so the header names after the first carry a leading space and usecols does not find them; same fix, skipinitialspace=True.
EXPECT = ["loyalty-export-comma-space-separator-usecols"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def vendor_export_v2(path, n, rng):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    lines = ["member_id, store_id, visit_date, tier, points, basket_value, channel"]
    for _ in range(n):
        lines.append(", ".join([f"M{rng.integers(1, 99999):06d}", str(rng.integers(100, 180)), f"2024-06-{rng.integers(1, 28):02d}",
                                str(rng.choice(["basic", "silver", "gold"])), str(rng.integers(0, 400)),
                                f"{rng.gamma(2.0, 25.0):.2f}", str(rng.choice(["store", "app"]))]))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def member_features(path):
    visits = pd.read_csv(path, usecols=["member_id", "visit_date", "basket_value"], parse_dates=["visit_date"])
    g = visits.groupby("member_id")
    return pd.DataFrame({"n_visits": g.size(), "last_visit": g["visit_date"].max(), "avg_basket": g["basket_value"].mean()})


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    path = {0: "churn/inputs/loyalty_visits_2024-06.csv", 1: "features/loyalty/visits_june.csv"}[VARIANT]
    vendor_export_v2(path, {0: 800, 1: 5000}[VARIANT], rng)
    print("building member features from", path)
    features = member_features(path)
    cutoff = features["last_visit"].max()
    features["days_since_visit"] = (cutoff - features["last_visit"]).dt.days
    print(features.describe())
