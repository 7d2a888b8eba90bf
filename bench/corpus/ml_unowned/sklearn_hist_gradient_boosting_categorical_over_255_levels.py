"""HistGradientBoosting with native categorical support given a high-cardinality id column (zip code, store id, product id) as categorical: ValueError: Categorical feature 'zip_code' is expected to have a cardinality <= 255 but actually has a cardinality of 412."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("gbdt")
rng = np.random.default_rng(0)
n = 5000

df = pd.DataFrame({
    "zip_code": rng.integers(10000, 10412, n).astype(str),
    "store_id": rng.integers(0, 300, n),
    "channel": rng.choice(["web", "app", "store"], n),
    "basket_value": rng.gamma(2.0, 30.0, n),
    "visits_30d": rng.poisson(3, n),
})
df["churn"] = (rng.random(n) < 0.2).astype(int)
df["revenue_next_month"] = df["basket_value"] * rng.uniform(0.5, 1.5, n)
log.info("loaded %d customers: %s", n, {c: df[c].nunique() for c in ["zip_code", "store_id", "channel"]})

if V == 0:
    X = df[["zip_code", "channel", "basket_value", "visits_30d"]].astype({"zip_code": "category", "channel": "category"})
    model = HistGradientBoostingClassifier(categorical_features="from_dtype", random_state=0)
    model.fit(X, df["churn"])
elif V == 1:
    cats = ["store_id", "channel"]
    pre = ColumnTransformer([("cat", OrdinalEncoder(), cats)], remainder="passthrough")
    model = make_pipeline(pre, HistGradientBoostingRegressor(categorical_features=[0, 1], random_state=0))
    model.fit(df[cats + ["basket_value", "visits_30d"]], df["revenue_next_month"])
else:
    X = df[["zip_code", "store_id", "basket_value"]].copy()
    X["zip_code"] = X["zip_code"].astype(int) - 10000
    mask = np.array([True, True, False])
    for fold in range(3):
        idx = rng.permutation(n)[: n // 2]
        log.info("fold %d: fitting on %d rows", fold, len(idx))
        HistGradientBoostingClassifier(categorical_features=mask, max_iter=50).fit(X.iloc[idx], df["churn"].iloc[idx])

print(model)
