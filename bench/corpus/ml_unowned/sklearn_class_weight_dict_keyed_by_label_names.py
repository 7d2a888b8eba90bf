EXPECT = []
VARIANTS = 3

# The class_weight dict in the config is keyed by the label names the business uses ("fraud",
# "legit"), while y has already been encoded to integers (or the other way round).
import json
import sys

import numpy as np
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import LabelEncoder
from sklearn.svm import LinearSVC

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CFG = [
    {"model": "logreg", "labels": ["legit", "fraud"], "class_weight": {"legit": 1, "fraud": 25}},
    {"model": "forest", "labels": ["low", "medium", "high"], "class_weight": {"low": 1, "medium": 3, "high": 10}},
    {"model": "svm", "labels": ["ok", "defect"], "class_weight": {"0": 1, "1": 8}, "encode": False},
][V]


def make_model(cfg):
    cw = cfg["class_weight"]
    if cfg["model"] == "forest":
        return RandomForestClassifier(n_estimators=20, class_weight=cw, random_state=0)
    if cfg["model"] == "svm":
        return LinearSVC(class_weight=cw)
    return LogisticRegression(class_weight=cw, max_iter=200)


def main():
    with open("model.json", "w") as f:
        json.dump(CFG, f)
    cfg = json.load(open("model.json"))
    rng = np.random.default_rng(0)
    raw = rng.choice(cfg["labels"], size=600, p=None)
    X = rng.normal(size=(600, 5))
    y = LabelEncoder().fit_transform(raw) if cfg.get("encode", True) else raw
    print(f"training {cfg['model']} on {len(y)} rows, classes {sorted(set(raw))}")
    model = make_model(cfg).fit(X, y)
    print(model.score(X, y))


if __name__ == "__main__":
    main()
