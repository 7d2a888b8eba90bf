"""TfidfVectorizer / CountVectorizer fitted on texts left with no usable tokens (only stop words, emptied by a cleaning regex, min_df above the document count): empty vocabulary / max_df corresponds to < documents than min_df."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import re
import sys

from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer

variant = int(sys.argv[1])
REVIEWS = {
    "en": ["it was not that", "we had to be there", "is it all of them", "this is what it is"],
    "de": ["Lieferung war schnell", "Qualität ist gut", "Preis zu hoch https://shop.example/p/81", "Farbe passt nicht", "sehr zufrieden"],
}


def clean(text):
    text = re.sub(r"https?://\S+", " ", text.lower())
    return re.sub(r"\s+", " ", re.sub(r"\b\w{1,12}\b", " ", text)).strip()


def fit_topic_features(docs, **kwargs):
    vec = TfidfVectorizer(stop_words="english", **kwargs)
    X = vec.fit_transform(docs)
    return vec, X


def keyword_counts(docs):
    vec = CountVectorizer(min_df=3, max_df=0.5)
    return vec.fit_transform(docs)


if variant == 0:
    docs = REVIEWS["en"]
    print(f"{len(docs)} english reviews in this segment")
    vec, X = fit_topic_features(docs)
elif variant == 1:
    docs = [clean(t) for t in REVIEWS["de"]]
    print("cleaned:", docs)
    vec, X = fit_topic_features(docs, min_df=1)
else:
    docs = REVIEWS["de"]
    print(f"segment de: {len(docs)} reviews")
    X = keyword_counts(docs)
print(X.shape)
