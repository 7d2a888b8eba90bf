"""Categorical columns are one-hot encoded with pd.get_dummies separately at training and at serving; a small serving batch lacks some categories, so it gets fewer columns."""
# beside: serving-features-skip-calendar-flags
# why: the serving batch is missing dummy columns for categories absent from it; no add_calendar_flags step is skipped in serving.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
channels = ["web", "app", "store", "phone"]
train = pd.DataFrame({"amount": rng.uniform(5, 200, 500), "items": rng.integers(1, 9, 500), "channel": rng.choice(channels, 500)})
X_train = pd.get_dummies(train, columns=["channel"]).to_numpy(dtype=float)
scaler = StandardScaler().fit(X_train)

batch = pd.DataFrame({"amount": [12.5, 80.0, 33.3][: 2 + VARIANT], "items": [1, 4, 2][: 2 + VARIANT], "channel": ["web", "app", "web"][: 2 + VARIANT]})
X_batch = pd.get_dummies(batch, columns=["channel"]).to_numpy(dtype=float)
if VARIANT == 1:
    print(f"batch of {len(batch)} orders")
scaler.transform(X_batch)
