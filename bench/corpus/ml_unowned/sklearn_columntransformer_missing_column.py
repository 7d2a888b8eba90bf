"""ColumnTransformer lists a column the DataFrame does not have (renamed feature, dropped at serving time): A given column is not a column of the dataframe."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

variant = int(sys.argv[1])
rng = np.random.default_rng(0)
n = 120
train = pd.DataFrame({
    "age": rng.integers(18, 70, n), "income": rng.normal(50, 12, n),
    "country": rng.choice(["de", "fr", "es"], n), "plan": rng.choice(["free", "pro"], n),
})
y = rng.integers(0, 2, n)
NUMERIC = [["age", "income"], ["age", "income"], ["age", "income_eur"]][variant]


def build_pipeline():
    pre = ColumnTransformer([
        ("num", StandardScaler(), NUMERIC),
        ("cat", OneHotEncoder(handle_unknown="ignore"), ["country", "plan"]),
    ])
    return Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=500))])


def serving_frame(df):
    if variant == 0:
        return df.drop(columns=["plan"])  # the request schema has no plan field
    return df.rename(columns=str.capitalize)


pipe = build_pipeline()
pipe.fit(train, y)
print("train accuracy", pipe.score(train, y))
print(pipe.predict(serving_frame(train.head(5))))
