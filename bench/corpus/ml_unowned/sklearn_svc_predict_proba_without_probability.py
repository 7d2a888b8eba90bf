"""predict_proba on a model that has none (SVC without probability=True, LinearSVC, a hard-voting ensemble): AttributeError ... has no attribute 'predict_proba'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.ensemble import VotingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.svm import SVC, LinearSVC
from sklearn.tree import DecisionTreeClassifier

variant = int(sys.argv[1])
rng = np.random.default_rng(0)
X = rng.normal(size=(300, 6))
y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(scale=0.5, size=300) > 0).astype(int)
X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.25, random_state=0)


def make_model():
    if variant == 0:
        return SVC(kernel="rbf", C=2.0)
    if variant == 1:
        return LinearSVC(C=0.5)
    return VotingClassifier([("lr", LogisticRegression()), ("tree", DecisionTreeClassifier(max_depth=3))])


def evaluate(model):
    scores = model.predict_proba(X_te)[:, 1]
    return roc_auc_score(y_te, scores)


model = make_model().fit(X_tr, y_tr)
print(f"{type(model).__name__} accuracy {model.score(X_te, y_te):.3f}")
print(f"ROC AUC {evaluate(model):.3f}")
