"""ValueError: y should be a 1d array, got an array of shape (120, 3) instead.: a scikit-learn classifier (a baseline next to a neural net) fitted on the one-hot label matrix the network used (pd.get_dummies, np.eye(k)[y], F.one_hot) instead of class ids; cross_val_score on it reports that all fits failed with it."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier, HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)
n, d, k = [(120, 6, 3), (90, 4, 4), (150, 8, 3), (100, 5, 3), (80, 10, 5)][V]
X = rng.normal(size=(n, d))
y = rng.integers(0, k, n)
classes = np.array(["billing", "shipping", "technical", "account", "other"])[:k]

if V == 0:
    df = pd.DataFrame(X, columns=[f"f{i}" for i in range(d)]).assign(label=classes[y])
    targets = pd.get_dummies(df["label"]).astype(int)
    print("targets:", list(targets.columns), targets.shape)
    clf = LogisticRegression(max_iter=500).fit(df.drop(columns="label"), targets)
elif V == 1:
    Y = np.eye(k)[y]                     # the MLP's training targets
    print("X", X.shape, "Y", Y.shape)
    baseline = SVC(C=1.0).fit(X, Y)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("baselines")
    Y = np.eye(k)[y]

    def fit_baseline(name, model, X, Y):
        log.info("fitting %s on %s -> %s", name, X.shape, Y.shape)
        return model.fit(X, Y)

    fit_baseline("scaled_logreg", make_pipeline(StandardScaler(), LogisticRegression(max_iter=500)), X[:100], Y[:100])
    fit_baseline("gbdt", GradientBoostingClassifier(n_estimators=20), X, Y)
elif V == 3:
    Y = np.eye(k)[y]
    print(f"5-fold CV of a logistic-regression baseline on {n} samples")
    scores = cross_val_score(LogisticRegression(max_iter=500), X, Y, cv=5)
    print(scores.mean())
else:
    import torch
    import torch.nn.functional as F

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("compare")
    labels = F.one_hot(torch.tensor(y), num_classes=k).float()     # what the torch dataset stores
    log.info("dataset labels %s", tuple(labels.shape))
    hgb = HistGradientBoostingClassifier(max_iter=30).fit(X, labels.numpy())
