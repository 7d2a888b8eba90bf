"""Multiclass ROC AUC given raw logits, hard argmax labels, or no multi_class strategy: roc_auc_score ValueError."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.metrics import roc_auc_score

variant = int(sys.argv[1])
rng = np.random.default_rng(3)
n_classes = [4, 3, 3][variant]
y_true = rng.integers(0, n_classes, 64)
logits = rng.normal(size=(64, n_classes)) * 3          # model outputs before softmax
for epoch in range(2):
    print(f"epoch {epoch}: val loss {1.2 - 0.1 * epoch:.3f}")
if variant == 0:
    print("auc", roc_auc_score(y_true, logits, multi_class="ovr"))
elif variant == 1:
    probs = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    print("auc", roc_auc_score(y_true, probs))
else:
    print("auc", roc_auc_score(y_true, logits.argmax(1), multi_class="ovr"))
