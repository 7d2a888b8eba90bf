"""pd.to_datetime on a value it cannot parse (a cutoff written '2024-01-08 EOD' in the config, a mixed day-first row, a format that does not match): DateParseError / time data doesn't match format."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rows = {
    0: ["2024-01-03", "2024-01-04", "unknown", "2024-01-09"],
    1: ["2024-02-01 10:00", "2024-02-01 11:30", "2024-02-13 09:15", "13/02/2024 16:40"],
    2: ["03.04.2024", "04.04.2024", "05.04.2024", "06.04.2024"],
}[V]
with open("transactions.csv", "w") as f:
    f.write("tx_id,created_at,amount\n")
    for i, ts in enumerate(rows):
        f.write(f"{9000 + i},{ts},{12.5 * (i + 1)}\n")


def add_time_features(df, fmt=None):
    df["created_at"] = pd.to_datetime(df["created_at"], format=fmt)
    df["hour"] = df["created_at"].dt.hour
    df["weekday"] = df["created_at"].dt.weekday
    return df


df = pd.read_csv("transactions.csv")
print(f"read {len(df)} transactions")
if V == 0:
    config = {"train_until": "2024-01-05", "valid_until": "2024-01-08 EOD"}
    df = add_time_features(df.drop(index=2))
    cutoffs = {k: pd.to_datetime(v) for k, v in config.items()}
    print(df[df["created_at"] <= cutoffs["train_until"]])
elif V == 2:
    print(add_time_features(df, fmt="%Y-%m-%d"))
else:
    print(add_time_features(df))
