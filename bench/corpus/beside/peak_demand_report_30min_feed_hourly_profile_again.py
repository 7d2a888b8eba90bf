"""A teammate's peak-demand report reads the same AMI feed, now at 30-minute readings, and scales each reading by the hourly load_profile.csv interpolated at the reading's fractional hour."""
# beside: meter-normalizer-hourly-load-profile-30min-feed
# why: the same fault: the feed moved to 30-minute readings while the load profile's knots stop at hour 23, so the 23:30 reading is past the table; same fix, a periodic profile.
EXPECT = ["meter-normalizer-hourly-load-profile-30min-feed"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
from scipy.interpolate import interp1d

VARIANT = int(sys.argv[1])


def ami_feed(path, days, seed):
    rng = np.random.default_rng(seed)
    ts = pd.date_range("2024-06-10", periods=48 * days, freq="30min")
    pd.DataFrame({"ts": ts, "feeder": "F-12", "kwh": rng.gamma(2.0, 0.3, len(ts)).round(3)}).to_csv(path, index=False)


def hourly_profile(path):
    hours = np.arange(24)
    pd.DataFrame({"hour": hours, "factor": np.round(0.7 + 0.4 * np.sin((hours - 6) / 24 * 2 * np.pi) ** 2, 4)}).to_csv(path, index=False)


def expected_share(profile, ts):
    frac_hour = ts.dt.hour + ts.dt.minute / 60.0
    return interp1d(profile["hour"], profile["factor"], kind="linear")(frac_hour)


def peak_report(feed_path, profile_path):
    feed = pd.read_csv(feed_path, parse_dates=["ts"])
    profile = pd.read_csv(profile_path)
    feed["excess"] = feed["kwh"] - feed["kwh"].mean() * expected_share(profile, feed["ts"])
    daily = feed.set_index("ts")["excess"].resample("1D").max()
    return daily


if __name__ == "__main__":
    folder = {0: "reports/peak", 1: "ami/feeder_F12"}[VARIANT]
    os.makedirs(folder, exist_ok=True)
    ami_feed(f"{folder}/feed.csv", {0: 2, 1: 7}[VARIANT], VARIANT)
    hourly_profile(f"{folder}/load_profile.csv")
    print("peak report for feeder F-12")
    print(peak_report(f"{folder}/feed.csv", f"{folder}/load_profile.csv"))
