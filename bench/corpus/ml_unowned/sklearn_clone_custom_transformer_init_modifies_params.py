"""A custom scikit-learn transformer whose __init__ converts or defaults its arguments (list(columns), sorted(set(lags)), stop_words or []), cloned by cross_val_score / GridSearchCV: RuntimeError: Cannot clone object ..., as the constructor either does not set or modifies parameter ..."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import Pipeline

variant = int(sys.argv[1])
rng = np.random.default_rng(0)


class ColumnSelector(BaseEstimator, TransformerMixin):
    def __init__(self, columns=("age", "income")):
        self.columns = list(columns)

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        return X[self.columns].to_numpy()


class LagFeatures(BaseEstimator, TransformerMixin):
    def __init__(self, lags=(1, 7, 2)):
        self.lags = sorted(set(lags))

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        cols = [np.roll(X[:, 0], lag) for lag in self.lags]
        return np.column_stack([X] + cols)


class TextCleaner(BaseEstimator, TransformerMixin):
    def __init__(self, stop_words=None, lowercase=True):
        self.stop_words = stop_words or []
        self.lowercase = lowercase

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        docs = [d.lower() if self.lowercase else d for d in X]
        return [" ".join(w for w in d.split() if w not in self.stop_words) for d in docs]


if variant == 0:
    df = pd.DataFrame({"age": rng.integers(18, 80, 100), "income": rng.normal(5e4, 1e4, 100), "city": ["a"] * 100})
    y = rng.integers(0, 2, 100)
    pipe = Pipeline([("select", ColumnSelector()), ("clf", LogisticRegression(max_iter=500))])
    print(cross_val_score(pipe, df, y, cv=5))
elif variant == 1:
    X, y = rng.normal(size=(80, 5)), rng.normal(size=80)
    pipe = Pipeline([("lags", LagFeatures()), ("ridge", Ridge())])
    search = GridSearchCV(pipe, {"ridge__alpha": [0.1, 1.0, 10.0]}, cv=3)
    search.fit(X, y)
    print(search.best_params_)
else:
    docs = ["Great product, will buy again", "the delivery was late", "Terrible support and the app crashes",
            "love it", "not worth the price", "the best purchase this year"] * 5
    y = [1, 0, 0, 1, 0, 1] * 5
    pipe = Pipeline([("clean", TextCleaner()), ("bow", CountVectorizer()), ("clf", LogisticRegression())])
    for fold, score in enumerate(cross_val_score(pipe, docs, y, cv=3, error_score="raise")):
        print(f"fold {fold}: {score:.3f}")
