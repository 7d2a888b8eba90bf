"""The loyalty ingest loads every CSV the vendor drops in sftp/loyalty/, and since June the vendor also drops a returns file there (member_id, store_id, returned_points), which load_visits reads with the visits' usecols."""
# beside: loyalty-export-comma-space-separator-usecols
# why: the visits export is well-formed (plain commas); the glob also picks up a different file, the returns export, which has no points or basket_value; the fix is a narrower glob (visits_*.csv), not skipinitialspace.
EXPECT = []
VARIANTS = 2

import glob
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
USECOLS = ["member_id", "store_id", "points", "basket_value"]


def drop_files(folder, day, n, rng):
    os.makedirs(folder, exist_ok=True)
    pd.DataFrame({"member_id": [f"M{i:06d}" for i in rng.integers(1, 99999, n)], "store_id": rng.integers(100, 180, n),
                  "visit_date": day, "tier": rng.choice(["basic", "silver", "gold"], n), "points": rng.integers(0, 400, n),
                  "basket_value": rng.gamma(2.0, 25.0, n).round(2)}).to_csv(f"{folder}/visits_{day}.csv", index=False)
    m = n // 20
    pd.DataFrame({"member_id": [f"M{i:06d}" for i in rng.integers(1, 99999, m)], "store_id": rng.integers(100, 180, m),
                  "returned_points": rng.integers(10, 200, m)}).to_csv(f"{folder}/returns_{day}.csv", index=False)


def load_visits(path):
    return pd.read_csv(path, usecols=USECOLS)


def load_inbox(folder):
    frames = []
    for path in sorted(glob.glob(f"{folder}/*.csv")):
        frames.append(load_visits(path))
        print(f"{path}: {len(frames[-1])} visits")
    return pd.concat(frames, ignore_index=True)


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    folder = {0: "sftp/loyalty", 1: "incoming/loyalty"}[VARIANT]
    for day in {0: ["2024-06-03"], 1: ["2024-06-03", "2024-06-04"]}[VARIANT]:
        drop_files(folder, day, 500, rng)
    visits = load_inbox(folder)
    print(visits.groupby("store_id")["points"].sum().head())
