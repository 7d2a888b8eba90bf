"""eval/report.py gained n_positive / n_predicted / per-class support counts computed with numpy; the metrics.json writer passes them to json as numpy int64."""
EXPECT = ["eval-report-numpy-counts-not-json-serializable"]
VARIANTS = 4

import json
import logging
import os
import sys

import numpy as np
from sklearn.metrics import f1_score, precision_score, recall_score

VARIANT = int(sys.argv[1])


def predictions(n, n_classes, seed):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.8, y_true, rng.integers(0, n_classes, n))
    return y_true, y_pred


def build_report(y_true, y_pred):
    report = {
        "precision": float(precision_score(y_true, y_pred, average="macro")),
        "recall": float(recall_score(y_true, y_pred, average="macro")),
        "f1": float(f1_score(y_true, y_pred, average="macro")),
        "n_examples": len(y_true),
        # added for the dashboard
        "n_positive": (y_true > 0).sum(),
        "n_predicted": (y_pred > 0).sum(),
    }
    if VARIANT == 1:
        report["support"] = [{"class": int(c), "n": n} for c, n in enumerate(np.bincount(y_true))]
    return report


def write_metrics(report, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "metrics.json"), "w") as fh:
        json.dump(report, fh, indent=2)


def main():
    out_dir = {0: "eval/out", 1: "runs/2024-06-03/eval", 2: "eval/out", 3: "eval/out/nightly"}[VARIANT]
    if VARIANT == 3:
        parts = [predictions(2500, 5, s) for s in range(4)]
        for i in range(4):
            print(f"evaluated shard {i + 1}/4")
        y_true, y_pred = (np.concatenate(a) for a in zip(*parts))
    else:
        y_true, y_pred = predictions({0: 1000, 1: 5000, 2: 800}[VARIANT], {0: 2, 1: 6, 2: 3}[VARIANT], VARIANT)
    report = build_report(y_true, y_pred)
    if VARIANT == 1:
        print(json.dumps(report))
    write_metrics(report, out_dir)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s eval: %(message)s")
        logging.info("writing eval report")
        try:
            main()
        except Exception:
            log = logging.getLogger("eval")
            log.exception("report failed")
            sys.exit(1)
    else:
        main()
