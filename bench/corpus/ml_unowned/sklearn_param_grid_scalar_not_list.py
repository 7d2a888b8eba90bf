"""A hyper-parameter search grid holding a single value not wrapped in a list (C: 1.0, class_weight: "balanced", max_depth: 8): TypeError: Parameter grid for parameter 'C' needs to be a list or a numpy array."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import yaml
from sklearn.ensemble import RandomForestClassifier
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, RandomizedSearchCV
from sklearn.pipeline import Pipeline

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(9)

SEARCH_YAML = """
search:
  clf__C: [0.1, 1.0, 10.0]
  clf__class_weight: balanced
  tfidf__ngram_range: [[1, 1], [1, 2]]
"""


def tune_churn_model(X, y):
    grid = {"C": 1.0, "penalty": ["l2"], "solver": ["lbfgs", "liblinear"]}
    search = GridSearchCV(LogisticRegression(max_iter=500), grid, cv=3, scoring="roc_auc")
    return search.fit(X, y)


def text_search_space():
    space = yaml.safe_load(SEARCH_YAML)["search"]
    space["tfidf__ngram_range"] = [tuple(r) for r in space["tfidf__ngram_range"]]
    return space


def tune_ticket_router(texts, labels):
    pipe = Pipeline([("tfidf", TfidfVectorizer()), ("clf", LogisticRegression(max_iter=300))])
    search = GridSearchCV(pipe, text_search_space(), cv=2, n_jobs=1)
    logging.info("grid search over %d tickets", len(texts))
    return search.fit(texts, labels)


if V == 0:
    X = rng.normal(size=(200, 6))
    y = (X[:, 0] + rng.normal(0, 0.5, 200) > 0).astype(int)
    print("tuning churn model")
    best = tune_churn_model(X, y)
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    texts = ["refund please", "where is my parcel", "refund not received", "parcel late"] * 5
    tune_ticket_router(texts, [0, 1, 0, 1] * 5)
else:
    X = rng.normal(size=(300, 10))
    y = rng.integers(0, 2, 300)
    space = {"n_estimators": [100, 200, 400], "max_depth": 8, "min_samples_leaf": [1, 5, 20]}
    print("randomized search, 4 candidates")
    RandomizedSearchCV(RandomForestClassifier(random_state=0), space, n_iter=4, cv=3, random_state=0).fit(X, y)
