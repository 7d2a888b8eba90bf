"""A ColumnTransformer that selects columns by name fitted or applied on a numpy array (X.values, the output of an imputer placed before it, rows built from a request as a list of lists): ValueError: Specifying the columns using strings is only supported for dataframes."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(8)

NUMERIC = ["tenure_months", "monthly_fee", "tickets_90d"]
CATEGORICAL = ["plan", "region"]


def subscribers(n=120):
    return pd.DataFrame({
        "tenure_months": rng.integers(1, 72, n).astype(float),
        "monthly_fee": rng.choice([19.9, 29.9, 49.9], n),
        "tickets_90d": rng.poisson(1.2, n).astype(float),
        "plan": rng.choice(["basic", "pro", "team"], n),
        "region": rng.choice(["north", "south", "west"], n),
        "churned": rng.integers(0, 2, n),
    })


def preprocessor():
    return ColumnTransformer([("num", StandardScaler(), NUMERIC),
                              ("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL)])


def train_churn_model(frame):
    X = frame[NUMERIC + CATEGORICAL].values
    model = Pipeline([("prep", preprocessor()), ("clf", LogisticRegression(max_iter=500))])
    return model.fit(X, frame["churned"])


def train_with_imputation(frame, log):
    frame.loc[frame.sample(10, random_state=0).index, "tenure_months"] = np.nan
    model = Pipeline([("impute", SimpleImputer(strategy="most_frequent")), ("prep", preprocessor()),
                      ("clf", LogisticRegression(max_iter=500))])
    log.info("fitting churn pipeline on %d rows", len(frame))
    return model.fit(frame[NUMERIC + CATEGORICAL], frame["churned"])


def score_request(model, payload):
    rows = [[r[c] for c in NUMERIC + CATEGORICAL] for r in payload["instances"]]
    return model.predict_proba(np.array(rows, dtype=object))[:, 1]


if V == 0:
    print(train_churn_model(subscribers()))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    train_with_imputation(subscribers(), logging.getLogger("churn.train"))
else:
    frame = subscribers()
    model = Pipeline([("prep", preprocessor()), ("clf", LogisticRegression(max_iter=500))])
    model.fit(frame[NUMERIC + CATEGORICAL], frame["churned"])
    print("model trained; scoring a request", flush=True)
    payload = {"instances": [{"tenure_months": 12, "monthly_fee": 29.9, "tickets_90d": 0, "plan": "pro", "region": "west"}]}
    print(score_request(model, payload))
