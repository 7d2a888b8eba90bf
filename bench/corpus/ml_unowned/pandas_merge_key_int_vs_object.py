"""Joining features to labels on an id column that is int64 in one frame and str/object in the other: You are trying to merge on int64 and object columns."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import pandas as pd

variant = int(sys.argv[1])
key = ["user_id", "image_id", "session"][variant]
ids = np.arange(1000, 1050)
pd.DataFrame({key: ids, "f1": np.random.rand(50), "f2": np.random.rand(50)}).to_csv("features.csv", index=False)
with open("labels.json", "w") as f:
    json.dump([{key: f"{i:06d}" if variant == 1 else str(i), "label": int(i % 2)} for i in ids], f)

features = pd.read_csv("features.csv")
labels = pd.DataFrame(json.load(open("labels.json")))
print(features.dtypes.to_dict(), labels.dtypes.to_dict())
if variant == 2:
    train = labels.merge(features, on=key, how="inner", validate="one_to_one")
else:
    train = features.merge(labels, on=key, how="left")
print(train.head())
