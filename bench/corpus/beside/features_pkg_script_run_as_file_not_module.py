"""scripts/train.py imports the repo's features package and is started as `python scripts/train.py`, which puts scripts/ on sys.path instead of the repo root."""
# beside: pipeline-pickle-references-old-features-module
# why: the features package is where it always was at the repo root; the script is run as a file instead of `python -m scripts.train`, so the root is not importable; no pickle, no refactor.
EXPECT = []
VARIANTS = 2

import os
import subprocess
import sys

VARIANT = int(sys.argv[1])

FEATURES_INIT = "from .encoders import TenureBuckets, add_ratios\n"
FEATURES_ENCODERS = '''
import numpy as np


class TenureBuckets:
    def __init__(self, edges=(6, 12, 24, 48)):
        self.edges = edges

    def __call__(self, months):
        return np.digitize(months, self.edges)


def add_ratios(frame):
    frame["charges_per_month"] = frame["total_charges"] / frame["tenure_months"].clip(lower=1)
    return frame
'''

TRAIN = '''
"""Train the churn model."""
import sys

import numpy as np

from features import TenureBuckets


def main():
    months = np.arange(1, 73)
    print(TenureBuckets()(months)[:10])


if __name__ == "__main__":
    main()
'''

EVALUATE = '''
"""Evaluate the churn model on the holdout split."""
import logging
import sys

log = logging.getLogger("evaluate")


def load_pipeline():
    from features import TenureBuckets, add_ratios

    return TenureBuckets(), add_ratios


def main():
    log.info("loading feature pipeline")
    load_pipeline()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        main()
    except Exception:
        log.exception("evaluation failed")
        sys.exit(1)
'''


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


write("features/__init__.py", FEATURES_INIT)
write("features/encoders.py", FEATURES_ENCODERS)
write("scripts/train.py", TRAIN)
write("scripts/evaluate.py", EVALUATE)
script = {0: "scripts/train.py", 1: "scripts/evaluate.py"}[VARIANT]
# what the README says: `python scripts/train.py` from the repo root
done = subprocess.run([sys.executable, script])
sys.exit(done.returncode)
