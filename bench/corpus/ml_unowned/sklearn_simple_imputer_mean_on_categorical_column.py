"""SimpleImputer(strategy='mean'/'median') applied to the whole frame, categorical text columns included: Cannot use mean strategy with non-numeric data: could not convert string to float: 'red'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.impute import SimpleImputer
from sklearn.pipeline import Pipeline

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [200, 500, 120][variant]
df = pd.DataFrame({
    "sqft": rng.normal(1500, 400, n),
    "bedrooms": rng.integers(1, 6, n).astype(float),
    "neighborhood": rng.choice(["Northside", "Riverside", "Old Town"], n),
    "year_built": rng.integers(1950, 2020, n).astype(float),
})
if variant == 1:
    df["heating"] = rng.choice(["gas", "electric", None], n)
df.loc[rng.choice(n, n // 10, replace=False), "sqft"] = np.nan
df.loc[rng.choice(n, n // 20, replace=False), "neighborhood"] = np.nan
price = 100 * df["sqft"].fillna(1500) + rng.normal(0, 1e4, n)
df.to_csv("houses.csv", index=False)

data = pd.read_csv("houses.csv")
print(data.dtypes.to_string())
print("missing per column:", data.isna().sum().to_dict())
strategy = "median" if variant == 2 else "mean"
model = Pipeline([("impute", SimpleImputer(strategy=strategy)), ("gbr", GradientBoostingRegressor())])
model.fit(data, price)
print("R^2", model.score(data, price))
