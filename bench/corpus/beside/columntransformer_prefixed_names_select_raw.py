"""The feature names saved for serving come from ColumnTransformer.get_feature_names_out ("num__age"), and are used to select columns of the raw request frame."""
# beside: feature-list-txt-crlf-line-endings
# why: the names carry the transformer's "num__" prefixes, a naming mix-up in code; no feature list file has CRLF line endings.
EXPECT = []
VARIANTS = 2

import json
import sys

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import StandardScaler

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
cols = {0: ["age", "income", "tenure"], 1: ["sessions", "basket"]}[VARIANT]
train = pd.DataFrame({c: rng.normal(size=200) for c in cols})
ct = ColumnTransformer([("num", StandardScaler(), cols)]).fit(train)
with open("feature_names.json", "w") as fh:
    json.dump(list(ct.get_feature_names_out()), fh)

with open("feature_names.json") as fh:
    names = json.load(fh)
request = pd.DataFrame({c: rng.normal(size=4) for c in cols})
if VARIANT == 1:
    print(f"serving with {len(names)} features")
    x = request.loc[:, names]
else:
    x = request[names]
