"""The meters of the newly acquired network (vendor B) report hourly readings labeled hour-ending, 1 to 24, and profile_factor interpolates load_profile.csv (hours 0 to 23) at the feed's hour column."""
# beside: meter-normalizer-hourly-load-profile-30min-feed
# why: the readings are still hourly; vendor B numbers each hour by its end (1..24) where our feed numbers it by its start (0..23), so the fix is to subtract one hour for vendor B, not to make the profile periodic for sub-hourly readings.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
from scipy.interpolate import interp1d

VARIANT = int(sys.argv[1])


def write_inputs(folder, meters, days, seed):
    rng = np.random.default_rng(seed)
    os.makedirs(folder, exist_ok=True)
    hours = np.arange(24)
    profile = 0.6 + 0.5 * np.exp(-((hours - 19) ** 2) / 8) + 0.2 * np.exp(-((hours - 8) ** 2) / 4)
    pd.DataFrame({"hour": hours, "factor": profile.round(4)}).to_csv(os.path.join(folder, "load_profile.csv"), index=False)
    for meter in meters:
        dates = np.repeat(pd.date_range("2024-06-03", periods=days).strftime("%Y-%m-%d"), 24)
        he = np.tile(np.arange(1, 25), days)  # vendor B: hour ending
        kwh = rng.gamma(2.0, 0.4, len(he)).round(3)
        pd.DataFrame({"date": dates, "hour": he, "meter_id": meter, "kwh": kwh}).to_csv(os.path.join(folder, f"{meter}.csv"), index=False)


def profile_factor(profile, hour_of_day):
    curve = interp1d(profile["hour"].to_numpy(float), profile["factor"].to_numpy(float))
    return curve(hour_of_day)


def normalize_meter(folder, meter):
    profile = pd.read_csv(os.path.join(folder, "load_profile.csv"))
    readings = pd.read_csv(os.path.join(folder, f"{meter}.csv"))
    readings["kwh_norm"] = readings["kwh"] / profile_factor(profile, readings["hour"].to_numpy(float))
    print(f"{meter}: {len(readings)} readings normalized")
    return readings


if __name__ == "__main__":
    folder = {0: "feeds/meters/vendor_b", 1: "data/ami/acquired_network"}[VARIANT]
    meters = {0: ["VB-0091"], 1: ["VB-1120", "VB-1121"]}[VARIANT]
    write_inputs(folder, meters, {0: 1, 1: 3}[VARIANT], VARIANT)
    frames = [normalize_meter(folder, m) for m in meters]
    print(pd.concat(frames).groupby("meter_id")["kwh_norm"].mean())
