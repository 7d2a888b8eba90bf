"""OneHotEncoder (handle_unknown='error') meets a category not seen in training: Found unknown categories [...] in column 0 during transform."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LinearRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder

variant = int(sys.argv[1])
train = pd.DataFrame({"device": ["ios", "android", "web"] * 10, "plan": ["free", "pro"] * 15,
                      "minutes": range(30), "spend": [x * 1.5 for x in range(30)]})
test = pd.DataFrame({"device": ["ios", ["smart_tv", "ios", "web"][variant]], "plan": ["pro", ["free", "enterprise", "Pro"][variant]],
                     "minutes": [3, 7]})

encoder = OneHotEncoder() if variant != 2 else OrdinalEncoder()
pre = ColumnTransformer([("cat", encoder, ["device", "plan"])], remainder="passthrough")
model = Pipeline([("pre", pre), ("reg", LinearRegression())])
model.fit(train.drop(columns="spend"), train["spend"])
print("fitted on devices", sorted(train.device.unique()))
print(model.predict(test))
