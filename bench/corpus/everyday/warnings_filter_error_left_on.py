"""`warnings.simplefilter('error')` (or -W error in the entry point) left in a script turns a harmless RuntimeWarning / FutureWarning from numpy or pandas into an exception."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
import warnings

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

warnings.simplefilter("error")   # "make every warning loud" while debugging a pipeline


def per_group_mean(values, groups, n_groups):
    return np.array([values[groups == g].mean() for g in range(n_groups)])


rng = np.random.default_rng(5)
if V == 0:
    values = rng.random(30)
    groups = rng.integers(0, 4, 30)
    groups[groups == 2] = 1                     # group 2 has no samples this week
    print("group counts:", np.bincount(groups, minlength=4))
    print(per_group_mean(values, groups, 4))
elif V == 1:
    X = rng.random((10, 3))
    X[:, 2] = np.nan                            # sensor offline
    print("nan share:", np.isnan(X).mean())
    print(np.nanmax(X, axis=0))
else:
    jobs = pd.DataFrame({
        "job": [f"train-{i}" for i in range(6)],
        "status": ["ok", "failed: CUDA OOM", "ok", "failed: timeout", "ok", "failed: preempted"],
    })
    print(jobs.status.value_counts().to_dict())
    retry = jobs[jobs.status.str.contains(r"failed: (timeout|preempted)")]
    print("to retry:", retry.job.tolist())
