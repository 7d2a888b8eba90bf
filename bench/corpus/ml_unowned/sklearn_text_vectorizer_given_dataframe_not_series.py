"""TfidfVectorizer/CountVectorizer given df[["text"]] (a DataFrame: iterating it yields the column name, one document): Found input variables with inconsistent numbers of samples: [1, N]."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import MultinomialNB
from sklearn.svm import LinearSVC

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [500, 1200, 80][variant]
words = "the app crashes on login great update love it slow refund battery drains".split()
reviews = pd.DataFrame({
    "review_text": [" ".join(rng.choice(words, rng.integers(4, 15))) for _ in range(n)],
    "stars": rng.integers(1, 6, n),
})
reviews["label"] = (reviews["stars"] >= 4).astype(int)
reviews.to_csv("reviews.csv", index=False)

df = pd.read_csv("reviews.csv")
TEXT_COLS = ["review_text"]
print(f"{len(df)} reviews, positive share {df.label.mean():.2f}")

vectorizer = CountVectorizer(min_df=1) if variant == 2 else TfidfVectorizer(ngram_range=(1, 2))
X = vectorizer.fit_transform(df[TEXT_COLS])
print(f"vocabulary size {len(vectorizer.vocabulary_)}, X {X.shape}")
clf = [LogisticRegression(max_iter=1000), LinearSVC(), MultinomialNB()][variant]
clf.fit(X, df["label"])
