"""StandardScaler (with_mean=True) applied to sparse TF-IDF / one-hot features: Cannot center sparse matrices: pass `with_mean=False` instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.compose import ColumnTransformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
WORDS = "refund late broken great love slow fast support price quality return shipping".split()
n = [120, 200, 80][variant]
df = pd.DataFrame(
    {
        "text": [" ".join(rng.choice(WORDS, size=rng.integers(3, 9))) for _ in range(n)],
        "channel": rng.choice(["web", "app", "email"], n),
        "country": rng.choice(["de", "fr", "es", "it"], n),
        "n_items": rng.integers(1, 10, n),
    }
)
y = (df["text"].str.contains("broken|late|slow")).astype(int).to_numpy()

if variant == 0:
    clf = Pipeline([("tfidf", TfidfVectorizer(ngram_range=(1, 2))), ("scale", StandardScaler()), ("lr", LogisticRegression(max_iter=500))])
    clf.fit(df["text"], y)
elif variant == 1:
    features = ColumnTransformer([("onehot", OneHotEncoder(handle_unknown="ignore"), ["channel", "country"]),
                                  ("tfidf", TfidfVectorizer(ngram_range=(1, 3)), "text")])
    model = Pipeline([("features", features), ("scale", StandardScaler()), ("lr", LogisticRegression(max_iter=500))])
    model.fit(df, y)
else:
    text_x = TfidfVectorizer(min_df=2).fit_transform(df["text"])
    numeric = sparse.csr_matrix(df[["n_items"]].to_numpy(dtype=float))
    X = sparse.hstack([text_x, numeric]).tocsr()
    print("feature matrix", X.shape, f"nnz={X.nnz}")
    X_scaled = StandardScaler().fit_transform(X)
print("fitted")
