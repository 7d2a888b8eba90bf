"""Review sentiment labels are the mean of three annotators' 1-5 ratings, used as class labels for a classifier."""
# beside: fraud-labels-export-label-now-analyst-score
# why: the user averages annotators' ratings into non-integer values themselves; no label export changed its label column.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
words = "great awful fine slow fast broken love return cheap quality".split()
n = {0: 300, 1: 900}[VARIANT]
reviews = pd.DataFrame({"text": [" ".join(rng.choice(words, 6)) for _ in range(n)]})
ratings = pd.DataFrame({"a1": rng.integers(1, 6, n), "a2": rng.integers(1, 6, n), "a3": rng.integers(1, 6, n)})
reviews["rating"] = ratings.mean(axis=1).round(2)
if VARIANT == 1:
    print(reviews.head())
X = TfidfVectorizer().fit_transform(reviews["text"])
LogisticRegression(max_iter=300).fit(X, reviews["rating"])
