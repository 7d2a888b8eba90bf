"""ValueError: Setting a random_state has no effect since shuffle is False: KFold / StratifiedKFold / GroupKFold / StratifiedGroupKFold given random_state (for reproducibility) without shuffle=True."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold, KFold, StratifiedGroupKFold, StratifiedKFold, cross_val_score

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
SEED = 42
rng = np.random.default_rng(SEED)
n = [120, 200, 150, 90][V]
X = rng.normal(size=(n, 8))
y = (X[:, 0] + rng.normal(scale=0.5, size=n) > 0).astype(int)
groups = rng.integers(0, 20, n)

if V == 0:
    cv = KFold(n_splits=5, random_state=SEED)
    scores = cross_val_score(LogisticRegression(max_iter=500), X, y, cv=cv)
    print(scores.mean())
elif V == 1:
    def cv_score(model, X, y, folds=5, seed=SEED):
        cv = StratifiedKFold(n_splits=folds, random_state=seed)
        return cross_val_score(model, X, y, cv=cv, scoring="roc_auc")

    for depth in (3, 6):
        print(f"max_depth={depth}", flush=True)
        print(cv_score(RandomForestClassifier(n_estimators=20, max_depth=depth, random_state=0), X, y))
elif V == 2:
    oof = np.zeros(n)
    for fold, (tr, va) in enumerate(GroupKFold(n_splits=4, random_state=SEED).split(X, y, groups)):
        oof[va] = LogisticRegression(max_iter=500).fit(X[tr], y[tr]).predict_proba(X[va])[:, 1]
        print(f"fold {fold} done")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("cv")
    cfg = {"cv": {"n_splits": 3, "random_state": SEED}}
    log.info("cv config %s", cfg["cv"])
    try:
        splitter = StratifiedGroupKFold(**cfg["cv"])
    except ValueError:
        log.exception("bad cv config")
        raise
    for tr, va in splitter.split(X, y, groups):
        log.info("fold sizes %d/%d", len(tr), len(va))
