"""The scaler was fit on the whole frame, target and id columns included; prediction passes only the feature columns."""
# beside: serving-features-skip-calendar-flags
# why: the user fit the scaler on two extra non-feature columns; no feature-building step is skipped at serving.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])

n_feat = {0: 12, 1: 5}[VARIANT]
rng = np.random.default_rng(0)
frame = pd.DataFrame(rng.normal(size=(100, n_feat)), columns=[f"f{i}" for i in range(n_feat)])
frame["row_id"] = range(100)
frame["target"] = rng.normal(size=100)
scaler = StandardScaler().fit(frame.to_numpy())
scaler.transform(frame[[f"f{i}" for i in range(n_feat)]].to_numpy())
