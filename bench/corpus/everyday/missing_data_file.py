"""FileNotFoundError from pandas/numpy when the data file was never generated."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
DATA_DIR = os.path.join("data", "processed")


def load_split(split):
    if V == 0:
        return pd.read_csv(os.path.join("data", f"{split}.csv"))
    if V == 1:
        return np.load(os.path.join(DATA_DIR, f"{split}_features.npy"))
    return pd.read_json(os.path.join(DATA_DIR, f"{split}.jsonl"), lines=True)


print("preparing splits ...")
for split in ["train", "valid"]:
    frame = load_split(split)
    print(split, len(frame))
