"""ValueError: Names provided are not unique: a Pipeline / ColumnTransformer / FeatureUnion whose steps are generated in a loop or copy-pasted, so two steps carry the same name."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(V)
n = 60
df = pd.DataFrame({
    "age": rng.integers(18, 70, n).astype(float),
    "income": rng.normal(50, 15, n),
    "tenure": rng.integers(0, 10, n).astype(float),
    "plan": rng.choice(["basic", "pro", "team"], n),
    "country": rng.choice(["de", "fr", "es"], n),
    "review": rng.choice(["great value", "too slow", "support was helpful", "billing issue"], n),
})
y = rng.integers(0, 2, n)


def step_name(est):
    return type(est).__name__.lower()


if V == 0:
    steps = [SimpleImputer(strategy="median"), StandardScaler(), SimpleImputer(strategy="constant"),
             LogisticRegression(max_iter=500)]
    pipe = Pipeline([(step_name(s), s) for s in steps])
    pipe.fit(df[["age", "income", "tenure"]], y)
elif V == 1:
    pre = ColumnTransformer([
        ("num", StandardScaler(), ["age", "income"]),
        ("cat", OneHotEncoder(handle_unknown="ignore"), ["plan"]),
        ("cat", OneHotEncoder(handle_unknown="ignore"), ["country"]),   # copy-pasted block
    ])
    model = Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=500))])
    print("fitting", flush=True)
    model.fit(df, y)
elif V == 2:
    text_features = FeatureUnion([
        ("tfidf", TfidfVectorizer(analyzer="word", ngram_range=(1, 2))),
        ("tfidf", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4))),
    ])
    clf = Pipeline([("features", text_features), ("clf", LogisticRegression(max_iter=500))])
    clf.fit(df["review"], y)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("features")
    groups = {"float64": ["age", "income"], "float": ["tenure"], "object": ["plan", "country"]}

    def build_preprocessor(groups):
        blocks = []
        for kind, cols in groups.items():
            enc = OneHotEncoder(handle_unknown="ignore") if kind == "object" else StandardScaler()
            blocks.append((step_name(enc), enc, cols))
            log.info("block %s for %s", step_name(enc), cols)
        return ColumnTransformer(blocks)

    pre = build_preprocessor(groups)
    try:
        X = pre.fit_transform(df)
    except ValueError:
        log.exception("preprocessor fit failed")
        raise
    log.info("X %s", X.shape)
