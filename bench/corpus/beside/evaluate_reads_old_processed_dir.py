"""A teammate's evaluate.py still loads the test split from data/processed/ after `make features` moved to data/features/."""
# beside: train-reads-data-processed-after-features-dir-move
# why: the features step writes data/features/test.csv and the reader still uses the pre-refactor data/processed/ path, the entry's cause.
EXPECT = ["train-reads-data-processed-after-features-dir-move"]
VARIANTS = 2

import os
import sys

import pandas as pd

VARIANT = int(sys.argv[1])

os.makedirs("data/features", exist_ok=True)
for split in ("train", "valid", "test"):
    pd.DataFrame({"x1": [0.1, 0.2], "x2": [1.0, 2.0], "y": [0, 1]}).to_csv(f"data/features/{split}.csv", index=False)
split = {0: "test", 1: "train"}[VARIANT]
if VARIANT == 1:
    print("evaluate: scoring checkpoint best.pt")
pd.read_csv(f"data/processed/{split}.csv")
