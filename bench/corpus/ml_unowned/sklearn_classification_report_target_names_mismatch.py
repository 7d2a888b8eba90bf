"""classification_report given target_names that do not match the classes present: Number of classes, N, does not match size of target_names, M."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.metrics import classification_report

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
names = [["negative", "positive"], ["cat", "dog", "bird", "fish"], ["O", "B-PER", "I-PER", "B-LOC", "I-LOC"]][variant]
# evaluation labels include a class the name list forgot (e.g. "neutral" = 2), or lack rare ones
n_cls = [3, 3, 3][variant]
y_true = rng.integers(0, n_cls, 200)
y_pred = rng.integers(0, n_cls, 200)
print(f"epoch 3 eval: {len(y_true)} samples")
print(classification_report(y_true, y_pred, target_names=names))
