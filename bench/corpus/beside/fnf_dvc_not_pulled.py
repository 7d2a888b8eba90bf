"""data/processed/train.csv is tracked by DVC; a fresh clone has only train.csv.dvc until `dvc pull` runs."""
# beside: train-reads-data-processed-after-features-dir-move
# why: the data was never fetched (DVC pull not run); the features step did not move its output.
EXPECT = []
VARIANTS = 2

import os
import sys

import pandas as pd

VARIANT = int(sys.argv[1])

os.makedirs("data/processed", exist_ok=True)
with open("data/processed/train.csv.dvc", "w") as fh:
    fh.write("outs:\n- md5: 1f0c5e2d9a7b3c4e8f6a0b1c2d3e4f5a\n  size: 48211\n  path: train.csv\n")
split = {0: "train", 1: "train"}[VARIANT]
if VARIANT == 1:
    print(sorted(os.listdir("data/processed")))
pd.read_csv(f"data/processed/{split}.csv")
