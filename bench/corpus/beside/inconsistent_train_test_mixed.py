"""The model is fit on X_train with y_test (the wrong variable from the split)."""
# beside: clean-features-dropna-x-not-labels
# why: a mixed-up variable after train_test_split, no rows were dropped from X.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])

n = {0: 1000, 1: 500}[VARIANT]
x = np.random.default_rng(0).normal(size=(n, 4))
y = np.random.default_rng(1).integers(0, 2, n)
x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.2, random_state=0)
LogisticRegression().fit(x_train, y_test)
