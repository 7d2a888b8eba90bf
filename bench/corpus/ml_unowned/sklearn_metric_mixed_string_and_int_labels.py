"""Metrics computed between string ground-truth labels and integer predictions (label encoder not inverted): Labels in y_true and y_pred should be of the same type / Mix of label input types."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score
from sklearn.preprocessing import LabelEncoder

variant = int(sys.argv[1])
labels = np.random.choice(["billing", "tech", "sales"], 90)
enc = LabelEncoder().fit(labels)
X = np.random.rand(90, 4)
clf = LogisticRegression(max_iter=300).fit(X, enc.transform(labels))
pred = clf.predict(X)                   # integer ids
print(f"predicted ids: {pred[:8]}")
if variant == 0:
    print("f1", f1_score(labels, pred, average="macro"))
elif variant == 1:
    print(confusion_matrix(labels, pred))
else:
    print("acc", accuracy_score(list(labels), pred.astype(str)) , f1_score(labels, pred.astype(float), average="weighted"))
