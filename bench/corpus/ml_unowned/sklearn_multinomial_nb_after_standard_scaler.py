"""MultinomialNB / ComplementNB / chi2 selection fed standardized (or centered embedding) features with negative values: Negative values in data passed to MultinomialNB (input X)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.feature_selection import SelectKBest, chi2
from sklearn.naive_bayes import ComplementNB, MultinomialNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
words = "refund late broken great love cheap slow fast support price return quality".split()
docs = [" ".join(rng.choice(words, rng.integers(3, 12))) for _ in range(300)]
labels = rng.integers(0, 3, 300)

if variant == 0:
    X = TfidfVectorizer().fit_transform(docs).toarray()
    X = StandardScaler().fit_transform(X)
    print(f"features {X.shape}, min {X.min():.2f}")
    MultinomialNB(alpha=0.5).fit(X, labels)
elif variant == 1:
    emb = rng.normal(size=(300, 64))   # sentence embeddings, centered around 0
    print(f"embeddings {emb.shape}")
    ComplementNB().fit(emb, labels)
else:
    X = StandardScaler().fit_transform(rng.poisson(2.0, size=(300, 40)).astype(float))
    model = make_pipeline(SelectKBest(chi2, k=10), MultinomialNB())
    model.fit(X, labels)
print("fitted")
