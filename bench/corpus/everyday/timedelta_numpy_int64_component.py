"""A duration read from a numpy array / pandas column (numpy.int64) is passed to datetime.timedelta: unsupported type for timedelta ... component: numpy.int64."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from datetime import datetime, timedelta

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

start = datetime(2024, 6, 1, 8, 0, 0)

if VARIANT == 0:
    total_steps = 12000
    log = np.array([[100, 118], [200, 121], [300, 119]])  # step, seconds per 100 steps
    step, secs = log[-1]
    print(f"step {step}/{total_steps}")
    eta = timedelta(seconds=(total_steps - step) // 100 * secs)
    print(f"ETA {eta}")
elif VARIANT == 1:
    shifts = pd.DataFrame({"machine": ["m1", "m2", "m3"], "minutes": [90, 45, 120]})
    for machine, minutes in zip(shifts["machine"], shifts["minutes"].to_numpy()):
        print(machine, "ends at", start + timedelta(minutes=minutes))
else:
    retention = np.array([30, 7, 90], dtype=np.int32)  # days to keep, per project
    for days in retention:
        cutoff = start - timedelta(days=days)
        print("delete runs before", cutoff.date())
