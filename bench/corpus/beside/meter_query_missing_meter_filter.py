"""The week's readings for meter L7-M07 are pulled from the historian table without the meter_id filter; the replacement meter L7-M07B, installed mid-week, logs into the same table, so half a week of its readings comes along."""
# beside: meter-firmware-10min-interval-weekly-window-view
# why: both meters log every 15 minutes; the extra readings are another meter's rows from a query that dropped its meter_id filter, not a 10-minute firmware interval.
EXPECT = []
VARIANTS = 2

import sqlite3
import sys

import numpy as np
import pandas as pd
import torch

VARIANT = int(sys.argv[1])
conn = sqlite3.connect("historian.db")
rng = np.random.default_rng(VARIANT)
week = pd.date_range("2024-06-03", periods=7 * 96, freq="15min")
frames = [pd.DataFrame({"meter_id": "L7-M07", "ts": week.astype(str), "kw": rng.gamma(2.0, 3.0, len(week))})]
swap_day = {0: 3.5, 1: 2.0}[VARIANT]
half = week[week >= week[0] + pd.Timedelta(days=swap_day)]
frames.append(pd.DataFrame({"meter_id": "L7-M07B", "ts": half.astype(str), "kw": rng.gamma(2.0, 3.0, len(half))}))
pd.concat(frames).to_sql("readings", conn, index=False)

query = "SELECT ts, kw FROM readings WHERE ts >= ? AND ts < ? ORDER BY ts"  # AND meter_id = ? lost in the refactor
readings = pd.read_sql(query, conn, params=("2024-06-03", "2024-06-10"))
if VARIANT == 1:
    print(f"L7-M07: {len(readings)} readings for week 23")
x = torch.as_tensor(readings["kw"].to_numpy(), dtype=torch.float32).view(7, 96)
