"""A teammate's anomaly notebook code builds daily load profiles of the line-7 meters as view(-1, 96) quarter hours; those meters log every 10 minutes since the firmware 4.2 update."""
# beside: meter-firmware-10min-interval-weekly-window-view
# why: the line-7 meters' 10-minute readings (144 a day) are viewed as 96 quarter hours a day, the entry's cause and fix.
EXPECT = ["meter-firmware-10min-interval-weekly-window-view"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
import torch

VARIANT = int(sys.argv[1])
PER_DAY = 96


def export(meter, days):
    idx = pd.date_range("2024-07-01", periods=days * 144, freq="10min")  # firmware 4.2
    return pd.Series(np.random.default_rng(VARIANT).gamma(2.0, 3.0, len(idx)), index=idx, name=meter)


def daily_profiles(series):
    return torch.as_tensor(series.to_numpy(), dtype=torch.float32).view(-1, PER_DAY)


meter = {0: "L7-M02", 1: "L7-M09"}[VARIANT]
readings = export(meter, {0: 7, 1: 31}[VARIANT])
if VARIANT == 1:
    print(f"{meter}: {len(readings)} readings")
profiles = daily_profiles(readings)
print(profiles.mean(0))
