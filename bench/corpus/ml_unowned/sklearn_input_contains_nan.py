"""Estimator fitted or queried with features containing NaN/inf (failed join, empty-group mean, division by zero): Input X contains NaN / infinity."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [200, 80, 150][variant]
users = pd.DataFrame({"user_id": range(n), "sessions": rng.integers(0, 20, n), "label": rng.integers(0, 2, n)})
spend = pd.DataFrame({"user_id": range(0, n, 2), "spend": rng.gamma(2.0, 10.0, n // 2)})


def build_features(df):
    df = df.merge(spend, on="user_id", how="left")  # users without purchases get NaN
    if variant == 2:
        df["spend"] = df["spend"].fillna(0.0) + 1.0  # smoothed
        df["spend_per_session"] = df["spend"] / df["sessions"]  # zero sessions -> inf
    return df.drop(columns=["user_id", "label"])


X = build_features(users)
print(X.describe().T[["count", "mean"]])
model = [LogisticRegression(), KNeighborsClassifier(5), SVC()][variant]
model.fit(X, users["label"])
print("fitted", model)
