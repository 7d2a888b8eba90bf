"""Pipeline / ColumnTransformer / FeatureUnion steps named with a double underscore (names built from column names like 'review__body'): ValueError: Estimator names must not contain __: got ['review__tfidf']."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.decomposition import PCA
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.preprocessing import StandardScaler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(12)


def reviews():
    texts = ["arrived late and damaged", "great fit, would buy again", "refund took three weeks",
             "colour exactly as pictured", "zip broke after a week", "fast delivery, nice fabric"] * 5
    return pd.DataFrame({"review__body": texts, "stars": rng.integers(1, 6, len(texts)),
                         "negative": [int(i % 2 == 0) for i in range(len(texts))]})


def text_pipeline(source_column):
    prefix = source_column.split("__")[0]
    return Pipeline([(f"{prefix}__tfidf", TfidfVectorizer(min_df=1)),
                     ("clf", LogisticRegression(max_iter=300))])


def feature_blocks(frame):
    blocks = []
    for col in frame.columns:
        if col.endswith("__body"):
            blocks.append((col, TfidfVectorizer(), col))
        elif frame[col].dtype.kind in "if" and col != "negative":
            blocks.append((col, "passthrough", [col]))
    return ColumnTransformer(blocks)


def sensor_features(log):
    union = FeatureUnion([("vib__scaled", StandardScaler()), ("vib__pca", PCA(n_components=2))])
    x = rng.normal(0, 1, (200, 6))
    log.info("fitting sensor feature union on %s", x.shape)
    return union.fit_transform(x)


if V == 0:
    frame = reviews()
    print(text_pipeline("review__body").fit(frame["review__body"], frame["negative"]).score(frame["review__body"], frame["negative"]))
elif V == 1:
    frame = reviews()
    print("building review features", flush=True)
    print(feature_blocks(frame).fit_transform(frame).shape)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(sensor_features(logging.getLogger("pump.features")).shape)
