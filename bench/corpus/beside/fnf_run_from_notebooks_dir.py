"""The training code opens data/processed/train.csv relative to the working directory and is run from notebooks/."""
# beside: train-reads-data-processed-after-features-dir-move
# why: the file is at data/processed/train.csv in the repo root; the path is relative and the working directory is notebooks/, nothing was moved.
EXPECT = []
VARIANTS = 2

import os
import sys

import pandas as pd

VARIANT = int(sys.argv[1])

os.makedirs("data/processed", exist_ok=True)
pd.DataFrame({"x": [1, 2, 3], "y": [0, 1, 0]}).to_csv("data/processed/train.csv", index=False)
os.makedirs("notebooks", exist_ok=True)
os.chdir("notebooks")
if VARIANT == 1:
    print("cwd:", os.path.basename(os.getcwd()))
pd.read_csv("data/processed/train.csv")
