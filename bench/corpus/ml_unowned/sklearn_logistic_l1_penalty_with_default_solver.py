"""LogisticRegression asked for an L1 / elastic-net penalty (sparse feature selection) with the default lbfgs solver: Solver lbfgs supports only 'l2' or None penalties, got l1 penalty."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

variant = int(sys.argv[1])
n, d = [(400, 50), (1000, 200), (300, 30)][variant]
rng = np.random.default_rng(variant)
X = rng.normal(size=(n, d))
y = (X[:, :5].sum(1) + rng.normal(size=n) > 0).astype(int)

if variant == 0:
    clf = LogisticRegression(penalty="l1", C=0.1, max_iter=500)
    clf.fit(X, y)
    print("non-zero coefficients:", int((clf.coef_ != 0).sum()))
elif variant == 1:
    pipe = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    grid = {"logisticregression__C": [0.01, 0.1, 1.0], "logisticregression__penalty": ["l1", "l2"]}
    search = GridSearchCV(pipe, grid, cv=3, error_score="raise", verbose=1)
    search.fit(X, y)
    print(search.best_params_)
else:
    print(f"selecting features among {d}")
    selector = LogisticRegression(penalty="elasticnet", l1_ratio=0.5, C=0.5)
    selector.fit(StandardScaler().fit_transform(X), y)
    print(np.flatnonzero(selector.coef_[0]))
