EXPECT = []
VARIANTS = 3

# "--folds 1" is how the team asks for a quick single run without cross-validation; the value
# still goes to KFold / StratifiedKFold / GroupKFold.
import argparse
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold, KFold, StratifiedKFold, cross_val_score

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

ARGV = [
    ["--folds", "1", "--cv", "kfold"],
    ["--folds", "1", "--cv", "stratified", "--C", "0.5"],
    ["--folds", "1", "--cv", "group"],
][V]


def make_cv(kind, folds):
    if kind == "stratified":
        return StratifiedKFold(n_splits=folds, shuffle=True, random_state=0)
    if kind == "group":
        return GroupKFold(n_splits=folds)
    return KFold(n_splits=folds, shuffle=True, random_state=0)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--cv", choices=["kfold", "stratified", "group"], default="kfold")
    p.add_argument("--C", type=float, default=1.0)
    args = p.parse_args(ARGV)
    rng = np.random.default_rng(1)
    X = rng.normal(size=(300, 6))
    y = (X[:, 0] + rng.normal(size=300) > 0).astype(int)
    groups = rng.integers(0, 20, 300)
    print(f"cv={args.cv} folds={args.folds}")
    cv = make_cv(args.cv, args.folds)
    scores = cross_val_score(LogisticRegression(C=args.C), X, y, cv=cv, groups=groups if args.cv == "group" else None)
    print("auc per fold", scores)


if __name__ == "__main__":
    main()
