"""The churn challenger is a three-model ensemble whose 'vote' averages the members' 0/1 predictions into pred, and evaluate scores pred with accuracy and F1 against the labels."""
# beside: weekly-eval-batch-scorer-v2-pred-is-probability
# why: no batch-scorer output is involved; the team's own ensemble averages hard votes (0, 1/3, 2/3, 1) without taking the majority, so the fix is rounding the vote in the ensemble, not reading pred_label.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, f1_score
from sklearn.tree import DecisionTreeClassifier

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(VARIANT)


def churn_frame(n):
    X = pd.DataFrame({"tenure_m": rng.integers(1, 72, n), "monthly_fee": rng.uniform(10, 120, n).round(2),
                      "tickets_90d": rng.poisson(1.0, n), "logins_30d": rng.poisson(12, n)})
    logit = -1.0 + 0.03 * X["monthly_fee"] - 0.05 * X["tenure_m"] + 0.4 * X["tickets_90d"] - 0.05 * X["logins_30d"]
    y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
    return X, y


class VoteEnsemble:
    def __init__(self, members):
        self.members = members

    def fit(self, X, y):
        for m in self.members:
            m.fit(X, y)
        return self

    def predict(self, X):
        return np.mean([m.predict(X) for m in self.members], axis=0)


def evaluate(scores, labels):
    df = scores.merge(labels, on="customer_id")
    return {"accuracy": accuracy_score(df["churned"], df["pred"]), "f1": f1_score(df["churned"], df["pred"])}


if __name__ == "__main__":
    X, y = churn_frame({0: 2000, 1: 5000}[VARIANT])
    split = len(y) * 3 // 4
    ens = VoteEnsemble([LogisticRegression(max_iter=1000), DecisionTreeClassifier(max_depth=4), RandomForestClassifier(n_estimators=20, random_state=0)])
    ens.fit(X[:split], y[:split])
    ids = np.arange(split, len(y))
    scores = pd.DataFrame({"customer_id": ids, "pred": ens.predict(X[split:])})
    labels = pd.DataFrame({"customer_id": ids, "churned": y[split:]})
    print("challenger ensemble:", evaluate(scores, labels))
