"""Frequency aliases removed in pandas 3 ('M', 'H', 'Q', '15T') still used in resample, date_range and Grouper by an older feature job: ValueError: Invalid frequency: M. Failed to parse with error message: ValueError("'M' is no longer supported for offsets. Please use 'ME' instead.")"""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(11)


def daily_revenue():
    idx = pd.date_range("2024-01-01", "2024-06-30", freq="D")
    return pd.DataFrame({"revenue": rng.gamma(20, 50, len(idx)).round(2)}, index=idx)


def monthly_revenue_report():
    return daily_revenue().resample("M").sum()


def write_forecast_config(path):
    with open(path, "w") as f:
        json.dump({"horizon_steps": 48, "grid_freq": "H", "site": "plant-7"}, f)


def forecast_grid(cfg_path, start):
    with open(cfg_path) as f:
        cfg = json.load(f)
    return pd.date_range(start, periods=cfg["horizon_steps"], freq=cfg["grid_freq"])


def quarterly_churn(events):
    return events.groupby(["segment", pd.Grouper(key="churned_on", freq="Q")]).size()


if V == 0:
    print(monthly_revenue_report())
elif V == 1:
    write_forecast_config("forecast.json")
    grid = forecast_grid("forecast.json", "2024-07-01 00:00")
    print(len(grid), grid[:3])
else:
    events = pd.DataFrame({"segment": rng.choice(["smb", "enterprise"], 30),
                           "churned_on": pd.Timestamp("2023-01-01") + pd.to_timedelta(rng.integers(0, 540, 30), unit="D")})
    for i, seg in enumerate(["smb", "enterprise"], 1):
        print(f"[{i}/2] loaded churn events for {seg}", flush=True)
    print(quarterly_churn(events))
