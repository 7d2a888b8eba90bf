"""Classifier fitted on a regression-style float target (scores, probabilities): Unknown label type: continuous."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

variant = int(sys.argv[1])
rng = np.random.default_rng(1)
df = pd.DataFrame(rng.normal(size=(120, 4)), columns=["f1", "f2", "f3", "f4"])
df["rating"] = rng.uniform(1, 5, 120).round(1)          # 1.0 .. 5.0 star ratings
df["label"] = (df["rating"] / 5.0)                     # meant to be rating >= 4
clf = [LogisticRegression(), SVC(), DecisionTreeClassifier()][variant]
target = "label" if variant != 1 else "rating"
print(f"fitting {type(clf).__name__} on target {target!r} dtype={df[target].dtype}")
clf.fit(df[["f1", "f2", "f3", "f4"]], df[target])
