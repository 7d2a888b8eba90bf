"""GridSearchCV / RandomizedSearchCV with several scoring metrics but refit left True, set to a metric name that is not a key of the scoring dict, or set to False before reading best_params_: For multi-metric scoring, the parameter refit must be set to a scorer key or a callable ... / 'RandomizedSearchCV' object has no attribute 'best_params_'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

from scipy.stats import loguniform
from sklearn.datasets import make_classification
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, RandomizedSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger("tune")

X, y = make_classification(n_samples=400, n_features=15, n_informative=5, weights=[0.8, 0.2], random_state=0)
log.info("X %s, positives %.2f", X.shape, y.mean())


def tune():
    if V == 0:
        pipe = Pipeline([("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=1000))])
        search = GridSearchCV(pipe, {"clf__C": [0.01, 0.1, 1, 10]}, cv=5,
                              scoring=["roc_auc", "average_precision", "f1"])
    elif V == 1:
        scoring = {"auc": "roc_auc", "ap": "average_precision", "f1_macro": "f1_macro"}
        search = GridSearchCV(RandomForestClassifier(n_estimators=30, random_state=0),
                              {"max_depth": [3, 6, None], "min_samples_leaf": [1, 5]}, cv=3,
                              scoring=scoring, refit="f1")
    else:
        scoring = {"auc": "roc_auc", "ap": "average_precision"}
        search = RandomizedSearchCV(LogisticRegression(max_iter=1000), {"C": loguniform(1e-3, 1e2)},
                                    n_iter=6, cv=3, scoring=scoring, refit=False, random_state=0)
    log.info("fitting %s", type(search).__name__)
    search.fit(X, y)
    log.info("mean test auc per candidate: %s", [round(v, 3) for v in search.cv_results_["mean_test_auc"]]
             if "mean_test_auc" in search.cv_results_ else "n/a")
    return search.best_params_, search.best_score_


print(tune())
