"""A plain Python bug in the user's scikit-learn evaluation code (dict key, list method, operand)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)
X = rng.normal(size=(60, 3))
y = (X[:, 0] > 0).astype(int)

results = {}
for C in [0.1, 1.0, 10.0]:
    scores = cross_val_score(LogisticRegression(C=C), X, y, cv=3)
    results[C] = list(scores)
    print(f"C={C}: fold scores {np.round(scores, 3)}", flush=True)

if V == 0:
    print("best", results["1.0"])
elif V == 1:
    print("mean", {c: s.mean() for c, s in results.items()})
else:
    summary = {c: sum(s) / len(s) for c, s in results.items()}
    print("report: " + summary[1.0])
