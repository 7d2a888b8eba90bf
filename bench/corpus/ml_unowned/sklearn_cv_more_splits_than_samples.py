"""Cross-validation with more folds than samples (or per-group CV on a tiny group): Cannot have number of splits n_splits=... greater than the number of samples."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.model_selection import GroupKFold, KFold, cross_val_score

variant = int(sys.argv[1])
rng = np.random.default_rng(0)
df = pd.DataFrame({"site": rng.choice(["A", "B", "C"], 40, p=[0.85, 0.1, 0.05]),
                   "x1": rng.normal(size=40), "x2": rng.normal(size=40), "y": rng.normal(size=40)})
if variant == 2:
    splitter = GroupKFold(n_splits=5)
    scores = cross_val_score(Ridge(), df[["x1", "x2"]], df["y"], groups=df["site"], cv=splitter)
else:
    for site, part in df.groupby("site"):
        cv = KFold(n_splits=[5, 10][variant], shuffle=True, random_state=0)
        scores = cross_val_score(Ridge(), part[["x1", "x2"]], part["y"], cv=cv)
        print(f"site {site}: n={len(part)} r2={scores.mean():.3f}")
