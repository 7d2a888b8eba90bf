"""The label encoder is fit on the training split of a random split; a rare category ends up only in the validation split."""
# beside: locale-label-encoder-fit-before-market-launch
# why: the unseen value is a rare category that the random split put only in validation, not a new market launched after the encoder was fit.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
common = {0: ["shoes", "shirts", "accessories"], 1: ["laptop", "phone", "headphones", "monitor"]}[VARIANT]
rare = {0: "umbrellas", 1: "smartwatch"}[VARIANT]
cats = list(rng.choice(common, 300)) + [rare]
frame = pd.DataFrame({"category": cats, "price": rng.uniform(5, 500, len(cats))})
frame = frame.sample(frac=1.0, random_state=0).reset_index(drop=True)
# keep the rare row in validation, as this seed's split does
rare_idx = frame.index[frame["category"] == rare]
train_idx, val_idx = train_test_split(frame.index.drop(rare_idx), test_size=0.2, random_state=0)
train, val = frame.loc[train_idx], frame.loc[list(val_idx) + list(rare_idx)]

enc = LabelEncoder().fit(np.array(train["category"].tolist()))
if VARIANT == 1:
    print(f"classes: {list(enc.classes_)}; validating on {len(val)} rows")
val_y = enc.transform(np.array(val["category"].tolist()))
