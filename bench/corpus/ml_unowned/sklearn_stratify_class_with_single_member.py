"""train_test_split(stratify=y) with a rare class (one example) or a test split smaller than the number of classes: stratified split ValueError."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.model_selection import train_test_split

variant = int(sys.argv[1])
rng = np.random.default_rng(0)
labels = list(rng.choice(["spam", "ham", "promo"], 97)) + ["phishing"] * [1, 1, 2][variant]
X = rng.normal(size=(len(labels), 8))
y = np.array(labels)
print({c: int((y == c).sum()) for c in np.unique(y)})
X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=[0.2, 0.1, 0.03][variant], stratify=y, random_state=0)
