"""yaml RepresenterError: cannot represent an object (numpy scalar, Path, ndarray) with yaml.safe_dump."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import pathlib
import sys

import numpy as np
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("report")
scores = np.array([0.81, 0.86, 0.84])


def summary():
    if V == 0:
        return {"mean_acc": scores.mean(), "folds": 3}
    if V == 1:
        return {"mean_acc": 0.84, "checkpoint": pathlib.Path("runs/best.pt")}
    return {"mean_acc": 0.84, "fold_scores": scores}


def write_report(data, path):
    log.info("writing %s", path)
    with open(path, "w") as f:
        yaml.safe_dump(data, f)


write_report(summary(), "report.yaml")
log.info("done")
