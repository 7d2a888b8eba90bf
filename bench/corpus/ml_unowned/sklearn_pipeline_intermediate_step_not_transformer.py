"""Pipeline with an estimator (or a user filter with only fit/predict) before the last step: All intermediate steps should be transformers and implement fit and transform or be the string 'passthrough'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.ensemble import IsolationForest, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import StandardScaler

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
X = rng.normal(size=(150, 6))
y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(int)


class OutlierFilter(BaseEstimator):
    def __init__(self, contamination=0.05):
        self.contamination = contamination

    def fit(self, X, y=None):
        self.forest_ = IsolationForest(contamination=self.contamination, random_state=0).fit(X)
        return self

    def predict(self, X):
        return self.forest_.predict(X)


if variant == 0:
    model = Pipeline([("clf", LogisticRegression(max_iter=200)), ("scale", StandardScaler())])
    model.fit(X, y)
elif variant == 1:
    stacked = make_pipeline(StandardScaler(), RandomForestClassifier(n_estimators=20, random_state=0), LogisticRegression())
    stacked.fit(X, y)
else:
    pipe = Pipeline([("outliers", OutlierFilter()), ("scale", StandardScaler()), ("clf", LogisticRegression(max_iter=200))])
    search = GridSearchCV(pipe, {"outliers__contamination": [0.01, 0.05], "clf__C": [0.1, 1.0]}, cv=3, error_score="raise")
    print("searching 4 candidates x 3 folds", flush=True)
    search.fit(X, y)
print("fitted")
