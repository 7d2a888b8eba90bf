"""Stratified train/val split on defect type; a newly added defect class has a single labelled image."""
EXPECT = ["stratified-split-new-defect-class-single-sample"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])


def load_labels(n, rng, rare):
    classes = ["scratch", "dent", "crack", "discoloration", "ok"]
    labels = list(rng.choice(classes, n - len(rare), p=[0.15, 0.1, 0.05, 0.1, 0.6])) + rare
    return pd.DataFrame({"image": [f"img_{i:05d}.png" for i in range(n)], "defect": labels})


def split(df, val_size, seed=13):
    return train_test_split(df, test_size=val_size, stratify=df["defect"], random_state=seed)


def main():
    rng = np.random.default_rng(VARIANT)
    n, rare, val = {0: (1200, ["burr"], 0.2), 1: (5000, ["weld_spatter"], 0.1), 2: (800, ["burr"], 0.15), 3: (3000, ["chipped_edge"], 0.2)}[VARIANT]
    df = load_labels(n, rng, rare)
    if VARIANT == 3:
        print(df["defect"].value_counts().to_string())
    if VARIANT == 1:
        rest, test = split(df, 0.1, seed=1)  # held-out test first, then val from the rest
        train, valid = split(rest, val)
        print(len(train), len(valid), len(test))
    else:
        train, valid = split(df, val)
        print(len(train), len(valid))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("defect dataset v7: 800 labelled images")
        try:
            main()
        except Exception:
            logging.exception("split failed")
            sys.exit(1)
    else:
        main()
