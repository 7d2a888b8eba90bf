"""Predictions made on rows left after dropna/filtering assigned back to the full DataFrame: Length of values (N) does not match length of index (M)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [100, 37, 500][variant]
df = pd.DataFrame({"x1": rng.normal(size=n), "x2": rng.normal(size=n), "y": rng.normal(size=n)})
df.loc[rng.choice(n, 5, replace=False), "x2"] = np.nan
model = LinearRegression().fit(df.dropna()[["x1", "x2"]], df.dropna()["y"])

scored = df.dropna(subset=["x2"])
preds = model.predict(scored[["x1", "x2"]])
print(f"scored {len(preds)} of {len(df)} rows")
if variant == 1:
    df = df.assign(pred=preds)
elif variant == 2:
    df.insert(len(df.columns), "pred", preds)
else:
    df["pred"] = preds
df.to_csv("predictions.csv", index=False)
