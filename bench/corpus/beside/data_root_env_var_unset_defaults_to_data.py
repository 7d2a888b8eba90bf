"""The loader builds its path from DATA_ROOT, which the job's shell never exports, so it falls back to the relative default "data"."""
# beside: train-reads-data-processed-after-features-dir-move
# why: the processed data exists under the shared data root; the env var pointing at it is unset and the default path is used, no features step moved its output.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys
from pathlib import Path

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

# the shared volume the data actually lives on (export DATA_ROOT=/mnt/shared/churn in .envrc)
SHARED = Path("mnt/shared/churn")


def data_root():
    return Path(os.environ.get("DATA_ROOT", "data"))


def load_split(split):
    path = data_root() / "processed" / f"{split}.csv"
    if VARIANT == 1:
        with open(path) as fh:
            return pd.read_csv(fh)
    return pd.read_csv(path)


def main():
    rng = np.random.default_rng(3)
    (SHARED / "processed").mkdir(parents=True, exist_ok=True)
    for split in ("train", "valid"):
        pd.DataFrame({"tenure": rng.integers(1, 72, 300), "charges": rng.uniform(10, 120, 300).round(2), "churned": rng.integers(0, 2, 300)}).to_csv(
            SHARED / "processed" / f"{split}.csv", index=False
        )
    if VARIANT == 1:
        logging.info("data root: %s", data_root())
    train = load_split("train")
    print(train.shape)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("could not load training data")
            sys.exit(1)
    else:
        main()
