"""A text vectorizer tuned on the full corpus (min_df=5, max_df=0.5) fitted on a small subset (a dev sample, one category, a CV fold): ValueError: max_df corresponds to < documents than min_df."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(3)
PHRASES = ["late delivery", "parcel damaged", "refund not received", "wrong size", "change address",
           "cancel my order", "charged twice", "item missing", "return label", "track parcel"]


def make_tickets(n):
    return [" ".join(rng.choice(PHRASES, size=3)) for _ in range(n)]


VECTORIZER_PARAMS = {"min_df": 5, "max_df": 0.5, "ngram_range": (1, 2), "sublinear_tf": True}


def smoke_test_features(texts):
    vec = TfidfVectorizer(**VECTORIZER_PARAMS)
    X = vec.fit_transform(texts)
    return X.shape


def keywords_per_queue(tickets_by_queue, top=5):
    out = {}
    for queue, texts in tickets_by_queue.items():
        vec = CountVectorizer(min_df=3, max_df=0.4, stop_words="english")
        counts = np.asarray(vec.fit_transform(texts).sum(0)).ravel()
        out[queue] = [vec.get_feature_names_out()[j] for j in counts.argsort()[::-1][:top]]
        print(f"{queue}: {out[queue]}")
    return out


if V == 0:
    dev_sample = make_tickets(8)
    print(f"smoke test on {len(dev_sample)} tickets")
    print(smoke_test_features(dev_sample))
elif V == 1:
    keywords_per_queue({"billing": make_tickets(60), "logistics": make_tickets(45), "returns_eu": make_tickets(5)})
else:
    texts = make_tickets(12)
    labels = np.array([0, 1] * 6)
    pipe = make_pipeline(TfidfVectorizer(min_df=4, max_df=0.3), LogisticRegression(max_iter=200))
    print("3-fold CV on the pilot labels")
    print(cross_val_score(pipe, texts, labels, cv=3))
