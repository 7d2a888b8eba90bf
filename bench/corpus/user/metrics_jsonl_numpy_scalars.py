"""MetricsWriter dumps the metrics dict with json.dumps; the values are numpy/torch scalars, not Python floats."""
EXPECT = ["metrics-writer-json-dumps-numpy-scalar"]
VARIANTS = 4

import json
import logging
import sys
import time

import numpy as np
import torch
from sklearn.metrics import roc_auc_score

VARIANT = int(sys.argv[1])


class MetricsWriter:
    def __init__(self, path):
        self.fh = open(path, "a")

    def log(self, step, **metrics):
        record = {"step": step, "time": time.time(), **metrics}
        self.fh.write(json.dumps(record) + "\n")
        self.fh.flush()


def validation_metrics(variant):
    rng = np.random.default_rng(variant)
    y = rng.integers(0, 2, 200)
    scores = rng.random(200).astype(np.float32)
    if variant == 0:
        return {"val_auc": roc_auc_score(y, scores), "val_mean_score": scores.mean()}
    if variant == 1:
        return {"val_auc": float(roc_auc_score(y, scores)), "n_positive": np.sum(y)}
    if variant == 2:
        return {"val_auc": float(roc_auc_score(y, scores)), "val_mean_score": scores.mean()}
    logits = torch.from_numpy(scores)
    return {"val_auc": float(roc_auc_score(y, scores)), "val_loss": torch.nn.functional.binary_cross_entropy(logits, torch.from_numpy(y).float())}


def main():
    writer = MetricsWriter("metrics.jsonl")
    for step in (100, 200):
        writer.log(step, train_loss=0.7 - step / 1000)
        if VARIANT == 3:
            print(f"step {step}: train_loss {0.7 - step / 1000:.3f}")
    metrics = validation_metrics(VARIANT)
    writer.log(200, **metrics)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("eval at step 200")
        try:
            main()
        except Exception:
            logging.exception("metrics logging failed")
            sys.exit(1)
    else:
        main()
