"""`make features` writes to data/features/ since the pipeline refactor; train.py still reads data/processed/train.csv."""
EXPECT = ["train-reads-data-processed-after-features-dir-move"]
VARIANTS = 3

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def make_features(split, n):
    # refactored step: output moved from data/processed/ to data/features/
    os.makedirs("data/features", exist_ok=True)
    rng = np.random.default_rng(0)
    pd.DataFrame({"x1": rng.normal(size=n), "x2": rng.normal(size=n), "y": rng.integers(0, 2, n)}).to_csv(
        f"data/features/{split}.csv", index=False
    )


def load_split(split):
    return pd.read_csv(f"data/processed/{split}.csv")


def main():
    split = {0: "train", 1: "valid", 2: "train"}[VARIANT]
    for s in ("train", "valid", "test"):
        make_features(s, 200)
    if VARIANT == 1:
        print("features: 3 splits written")
    load_split(split)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
        logging.info("loading train split")
        try:
            main()
        except Exception:
            logging.exception("could not load data")
            sys.exit(1)
    else:
        main()
