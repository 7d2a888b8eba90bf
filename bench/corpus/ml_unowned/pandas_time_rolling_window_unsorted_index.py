"""Time-based rolling window ("7D", "1h") over sensor/sales data whose DatetimeIndex is not sorted (files concatenated, groups appended): ValueError: index values must be monotonic."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
window = ["7D", "1h", "30min"][variant]
freq = ["D", "5min", "min"][variant]

# one export file per month / per device, read back in directory order
parts = []
for i, start in enumerate(["2024-03-01", "2024-01-01", "2024-02-01"]):
    idx = pd.date_range(start, periods=[28, 200, 300][variant], freq=freq)
    part = pd.DataFrame({"timestamp": idx, "value": rng.normal(50, 5, len(idx))})
    part.to_csv(f"export_{i}.csv", index=False)
    parts.append(pd.read_csv(f"export_{i}.csv", parse_dates=["timestamp"]))

df = pd.concat(parts, ignore_index=True).set_index("timestamp")
print(f"{len(df)} rows from {df.index.min()} to {df.index.max()}")


def add_rolling_features(frame):
    out = frame.copy()
    out[f"mean_{window}"] = frame["value"].rolling(window).mean()
    out[f"max_{window}"] = frame["value"].rolling(window, min_periods=1).max()
    return out


if variant == 2:
    df["device"] = rng.choice(["pump_1", "pump_2"], len(df))
    feats = df.groupby("device")["value"].rolling(window).mean()
else:
    feats = add_rolling_features(df)
print(feats.tail())
