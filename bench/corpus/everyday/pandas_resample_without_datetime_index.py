"""resample or a time-based rolling window on a frame whose timestamps are still strings or a RangeIndex: Only valid with DatetimeIndex, TimedeltaIndex or PeriodIndex / window must be an integer 0 or greater."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("sensor.csv", "w") as f:
    f.write("timestamp,device,temp_c\n")
    for i in range(48):
        f.write(f"2024-03-01 {i // 2:02d}:{30 * (i % 2):02d}:00,dev{i % 3},{18 + (i % 7) * 0.5}\n")


def hourly_features(df):
    if V == 0:
        return df.resample("1h").mean(numeric_only=True)
    if V == 1:
        df = df.set_index("timestamp")
        print("index dtype:", df.index.dtype)
        return df["temp_c"].rolling("3h").mean()
    return df.groupby("device")["temp_c"].resample("2h").max()


df = pd.read_csv("sensor.csv")
print(df.dtypes.to_dict())
print(hourly_features(df).head())
