"""The smart-meter feed moved from hourly to 30-minute readings; profile_factor still interpolates load_profile.csv, whose knots are the hours 0 to 23, at each reading's fractional hour of day."""
EXPECT = ["meter-normalizer-hourly-load-profile-30min-feed"]
VARIANTS = 3

import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
from scipy.interpolate import interp1d

VARIANT = int(sys.argv[1])
FREQ = {0: "30min", 1: "30min", 2: "15min"}[VARIANT]


def write_inputs(folder, meters, days, seed):
    rng = np.random.default_rng(seed)
    os.makedirs(folder, exist_ok=True)
    hours = np.arange(24)
    profile = 0.6 + 0.5 * np.exp(-((hours - 19) ** 2) / 8) + 0.2 * np.exp(-((hours - 8) ** 2) / 4)
    pd.DataFrame({"hour": hours, "factor": profile.round(4)}).to_csv(os.path.join(folder, "load_profile.csv"), index=False)
    ts = pd.date_range("2024-06-03", periods=days * pd.Timedelta("1D") // pd.Timedelta(FREQ), freq=FREQ)
    for meter in meters:
        kwh = rng.gamma(2.0, 0.2, len(ts)).round(3)
        pd.DataFrame({"ts": ts, "meter_id": meter, "kwh": kwh}).to_csv(os.path.join(folder, f"{meter}.csv"), index=False)


def profile_factor(profile, hour_of_day):
    curve = interp1d(profile["hour"].to_numpy(float), profile["factor"].to_numpy(float))
    return curve(hour_of_day)


def normalize_meter(folder, meter):
    profile = pd.read_csv(os.path.join(folder, "load_profile.csv"))
    readings = pd.read_csv(os.path.join(folder, f"{meter}.csv"), parse_dates=["ts"])
    hour_of_day = readings["ts"].dt.hour + readings["ts"].dt.minute / 60
    readings["kwh_norm"] = readings["kwh"] / profile_factor(profile, hour_of_day.to_numpy())
    print(f"{meter}: {len(readings)} readings normalized")
    return readings


def main():
    folder = {0: "feeds/meters", 1: "data/ami/2024-06", 2: "feeds/meters/substation_7"}[VARIANT]
    meters = {0: ["MTR-004417"], 1: ["MTR-118002", "MTR-118019"], 2: ["MTR-770031", "MTR-770032", "MTR-770040"]}[VARIANT]
    write_inputs(folder, meters, days={0: 1, 1: 7, 2: 2}[VARIANT], seed=VARIANT)
    if VARIANT == 2:
        with ThreadPoolExecutor(max_workers=2) as pool:
            frames = list(pool.map(lambda m: normalize_meter(folder, m), meters))
    else:
        frames = [normalize_meter(folder, m) for m in meters]
    print(pd.concat(frames).groupby("meter_id")["kwh_norm"].mean())


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("ami.normalize")
        log.info("normalizing readings against the load profile")
        try:
            main()
        except Exception:
            log.exception("normalization run failed")
            sys.exit(1)
    else:
        main()
