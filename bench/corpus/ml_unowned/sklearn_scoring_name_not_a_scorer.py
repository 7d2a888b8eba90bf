"""cross_val_score / GridSearchCV / cross_validate given a scoring name that is not a registered scorer ('f1_weight' for 'f1_weighted', 'rmse' for 'neg_root_mean_squared_error', 'auc' for 'roc_auc'): InvalidParameterError: The 'scoring' parameter of cross_val_score must be a str among {...} / 'auc' is not a valid scoring value."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import numpy as np
from sklearn.datasets import make_classification, make_regression
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("model_selection")

EXPERIMENT = [
    {"task": "clf", "scoring": "f1_weight"},
    {"task": "reg", "scoring": "rmse"},
    {"task": "clf", "scoring": ["accuracy", "auc"]},
][V]


def evaluate(cfg):
    log.info("experiment %s", cfg)
    if cfg["task"] == "clf":
        X, y = make_classification(n_samples=300, n_features=12, n_informative=6, n_classes=2 if V == 2 else 3,
                                   random_state=0)
        model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=500))
        cv = StratifiedKFold(5, shuffle=True, random_state=0)
        if isinstance(cfg["scoring"], list):
            res = cross_validate(model, X, y, cv=cv, scoring=cfg["scoring"])
            return {k: float(np.mean(v)) for k, v in res.items() if k.startswith("test_")}
        return float(np.mean(cross_val_score(model, X, y, cv=cv, scoring=cfg["scoring"])))
    X, y = make_regression(n_samples=300, n_features=10, noise=5.0, random_state=0)
    search = GridSearchCV(GradientBoostingRegressor(random_state=0),
                          {"n_estimators": [50, 100], "max_depth": [2, 3]}, cv=3, scoring=cfg["scoring"])
    search.fit(X, y)
    return search.best_params_


print(evaluate(EXPERIMENT))
