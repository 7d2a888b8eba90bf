"""DataFrame columns renamed or reordered between fit and predict: The feature names should match those that were passed during fit."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

variant = int(sys.argv[1])
cols = ["age", "bmi", "glucose", "bp"]
train = pd.DataFrame(np.random.rand(80, 4), columns=cols)
y = np.random.randint(0, 2, 80)
model = make_pipeline(StandardScaler(), LogisticRegression()).fit(train, y)

batch = pd.DataFrame(np.random.rand(5, 4), columns=cols)
if variant == 0:
    batch = batch[["bmi", "age", "glucose", "bp"]]                 # columns from a JSON payload, other order
elif variant == 1:
    batch = batch.rename(columns={"bp": "blood_pressure"})          # upstream schema renamed a column
else:
    batch = batch.rename(columns=str.upper)                         # warehouse export in upper case
print("scoring batch with columns", list(batch.columns))
print(model.predict_proba(batch)[:, 1])
