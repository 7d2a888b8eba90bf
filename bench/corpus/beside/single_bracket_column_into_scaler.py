"""A notebook scales the age column with scaler.fit_transform(df["age"]), selecting it with single brackets."""
# beside: features-yaml-single-feature-written-as-scalar
# why: the Series comes from the user's own single-bracket selection in code; there is no features.yaml with a scalar feature list.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.preprocessing import MinMaxScaler, StandardScaler

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
df = pd.DataFrame({"age": rng.integers(18, 90, 300), "income": rng.lognormal(10, 0.5, 300)})
if VARIANT == 1:
    print(df.describe().loc[["mean", "std"]])
    df["income_scaled"] = MinMaxScaler().fit_transform(df["income"])
else:
    df["age_scaled"] = StandardScaler().fit_transform(df["age"])
