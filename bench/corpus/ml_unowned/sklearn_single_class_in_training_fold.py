"""Classifier fitted on data holding a single class (sorted data split without shuffling, per-group model, filtered subset): needs samples of at least 2 classes."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import KFold, cross_val_score
from sklearn.svm import SVC

variant = int(sys.argv[1])
rng = np.random.default_rng(0)
n = 90
df = pd.DataFrame(rng.normal(size=(n, 4)), columns=["f0", "f1", "f2", "f3"])
df["label"] = (df["f0"] > 0).astype(int)
df["store"] = rng.choice(["north", "south", "east"], n)
df.loc[df["store"] == "east", "label"] = 1
df = df.sort_values("label").reset_index(drop=True)  # exported sorted by label

features = ["f0", "f1", "f2", "f3"]
if variant == 0:
    train = df.head(20)  # quick smoke run on the first rows
    print("train rows", len(train))
    LogisticRegression().fit(train[features], train["label"])
elif variant == 1:
    for store, part in df.groupby("store"):
        print(f"fitting store model for {store} ({len(part)} rows)", flush=True)
        SVC().fit(part[features], part["label"])
else:
    scores = cross_val_score(LogisticRegression(), df[features], df["label"], cv=KFold(3), error_score="raise")
    print(scores)
