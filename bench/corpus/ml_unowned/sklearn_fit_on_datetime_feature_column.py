"""A datetime64 column (order date, signup timestamp) left in the feature frame given to a sklearn estimator: The DType <class 'numpy.dtypes.DateTime64DType'> could not be promoted by <class 'numpy.dtypes.Float64DType'>."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import LogisticRegression, Ridge

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [300, 800, 150][variant]
pd.DataFrame({
    "customer_id": np.arange(n),
    "signup_date": pd.date_range("2023-01-01", periods=n, freq="D").strftime("%Y-%m-%d"),
    "orders_90d": rng.poisson(3, n),
    "avg_basket": rng.gamma(2.0, 20.0, n).round(2),
    "churned": rng.integers(0, 2, n),
    "ltv": rng.gamma(2.0, 150.0, n).round(2),
}).to_csv("customers.csv", index=False)

df = pd.read_csv("customers.csv", parse_dates=["signup_date"])
print(df.dtypes.to_string())
features = df.drop(columns=["customer_id", "churned", "ltv"])
print(f"training on {list(features.columns)}")

if variant == 0:
    LogisticRegression(max_iter=500).fit(features, df["churned"])
elif variant == 1:
    RandomForestRegressor(n_estimators=20, random_state=0).fit(features, df["ltv"])
else:
    model = Ridge().fit(features.to_numpy(), df["ltv"])
