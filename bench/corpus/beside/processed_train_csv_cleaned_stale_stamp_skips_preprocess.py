"""`clean` removed data/processed/ but left the step stamps, so the pipeline runner thinks preprocessing is up to date and goes straight to training."""
# beside: train-reads-data-processed-after-features-dir-move
# why: the preprocess step still writes data/processed/train.csv; it was deleted by the cleanup and not rebuilt because a stale .done stamp skipped the step.
EXPECT = []
VARIANTS = 2

import glob
import logging
import os
import shutil
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
STAMPS = ".stamps"
log = logging.getLogger("pipeline")


def preprocess():
    os.makedirs("data/processed", exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    for split, n in (("train", 800), ("valid", 200)):
        pd.DataFrame({"x1": rng.normal(size=n), "x2": rng.normal(size=n), "y": rng.integers(0, 2, n)}).to_csv(f"data/processed/{split}.csv", index=False)


def clean():
    """make clean: drop intermediate data to free disk space (stamps are not touched)."""
    shutil.rmtree("data/processed", ignore_errors=True)


def train():
    frame = pd.read_csv("data/processed/train.csv")
    return frame.drop(columns="y").to_numpy(), frame["y"].to_numpy()


def run_step(name, fn):
    stamp = os.path.join(STAMPS, f"{name}.done")
    if os.path.exists(stamp):
        log.info("%s: up to date, skipping", name)
        return
    log.info("%s: running", name)
    fn()
    os.makedirs(STAMPS, exist_ok=True)
    open(stamp, "w").close()


def main():
    # yesterday's full run
    run_step("preprocess", preprocess)
    # the disk filled up; someone ran `make clean`
    clean()
    if VARIANT == 1:
        log.info("stamps: %s", sorted(os.path.basename(p) for p in glob.glob(f"{STAMPS}/*.done")))
    # today's run
    run_step("preprocess", preprocess)
    run_step("train", train)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("pipeline failed")
            sys.exit(1)
    else:
        main()
