"""GroupKFold / LeaveOneGroupOut (patients, users, sessions) used as cv without passing groups=: The 'groups' parameter should not be None."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, GroupKFold, LeaveOneGroupOut, cross_validate

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n_patients, per_patient = [(20, 15), (12, 30), (8, 10)][variant]
df = pd.DataFrame(rng.normal(size=(n_patients * per_patient, 6)), columns=[f"eeg_{i}" for i in range(6)])
df["patient_id"] = np.repeat([f"P{i:03d}" for i in range(n_patients)], per_patient)
df["seizure"] = rng.integers(0, 2, size=len(df))
print(f"{len(df)} windows from {df.patient_id.nunique()} patients")

features = [c for c in df.columns if c.startswith("eeg_")]
X, y = df[features], df["seizure"]

if variant == 0:
    scores = cross_validate(LogisticRegression(), X, y, cv=GroupKFold(n_splits=5), scoring=["accuracy", "roc_auc"])
    print({k: v.mean() for k, v in scores.items()})
elif variant == 1:
    search = GridSearchCV(RandomForestClassifier(n_estimators=20, random_state=0),
                          {"max_depth": [3, 5, None]}, cv=LeaveOneGroupOut(), scoring="roc_auc")
    search.fit(X, y)
    print(search.best_params_)
else:
    for fold, (tr, te) in enumerate(GroupKFold(n_splits=4).split(X, y)):
        model = LogisticRegression().fit(X.iloc[tr], y.iloc[tr])
        print(f"fold {fold}: acc {model.score(X.iloc[te], y.iloc[te]):.3f}")
