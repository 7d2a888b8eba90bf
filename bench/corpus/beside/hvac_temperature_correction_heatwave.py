"""The building-load model corrects HVAC consumption with the vendor's efficiency curve, tabulated from -10 to 35 degrees C, and the heatwave week brought outdoor readings above 35."""
# beside: meter-normalizer-hourly-load-profile-30min-feed
# why: nothing about the meter feed's interval or an hour-of-day profile; outdoor temperatures went past the range the vendor's curve was tabulated for, so the fix is an extrapolation rule for the curve, not a periodic load profile.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys

import numpy as np
import pandas as pd
from scipy.interpolate import interp1d

VARIANT = int(sys.argv[1])


def vendor_curve(path):
    temps = np.arange(-10, 36, 5)
    cop = np.round(4.2 - 0.004 * (temps - 12) ** 2, 3)
    pd.DataFrame({"outdoor_c": temps, "cop": cop}).to_csv(path, index=False)


def weather(path, hours, peak, seed):
    rng = np.random.default_rng(seed)
    t = np.arange(hours)
    temp = 24 + (peak - 24) * np.clip(np.sin((t % 24 - 6) / 24 * 2 * np.pi), 0, None) + rng.normal(0, 0.3, hours)
    pd.DataFrame({"ts": pd.date_range("2024-07-08", periods=hours, freq="h"), "outdoor_c": temp.round(1)}).to_csv(path, index=False)


def corrected_load(curve_path, weather_path):
    curve = pd.read_csv(curve_path)
    cop = interp1d(curve["outdoor_c"], curve["cop"], kind="quadratic")
    obs = pd.read_csv(weather_path)
    obs["hvac_kwh"] = 120 / cop(obs["outdoor_c"].to_numpy())
    return obs


if __name__ == "__main__":
    os.makedirs("inputs", exist_ok=True)
    vendor_curve("inputs/chiller_cop_curve.csv")
    weather("inputs/weather_site_04.csv", {0: 72, 1: 168}[VARIANT], {0: 38.2, 1: 36.7}[VARIANT], VARIANT)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.info("correcting HVAC load for site 04")
    load = corrected_load("inputs/chiller_cop_curve.csv", "inputs/weather_site_04.csv")
    print(load["hvac_kwh"].describe())
