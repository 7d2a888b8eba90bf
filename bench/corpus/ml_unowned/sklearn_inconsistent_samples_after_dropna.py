"""Rows with missing values dropped from the feature frame but not from the target: Found input variables with inconsistent numbers of samples."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [200, 1000, 57][variant]
df = pd.DataFrame({"age": rng.integers(18, 80, n).astype(float), "income": rng.normal(5e4, 1e4, n),
                   "clicks": rng.poisson(3, n), "churned": rng.integers(0, 2, n)})
df.loc[rng.choice(n, n // 10, replace=False), "income"] = np.nan
df.to_csv("customers.csv", index=False)

df = pd.read_csv("customers.csv")
y = df.pop("churned")
X = df.dropna()
print(f"X {X.shape}, y {y.shape}")
if variant == 1:
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, random_state=0)
else:
    model = RandomForestClassifier(n_estimators=10).fit(X, y)
