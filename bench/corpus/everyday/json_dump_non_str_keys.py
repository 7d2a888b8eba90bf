"""TypeError: keys must be str, int, float, bool or None, dumping a dict keyed by tuples (confusion pairs) or numpy integers (class ids from np.unique)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
from collections import Counter

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s")
rng = np.random.default_rng(3)
y_true = rng.integers(0, 4, 200)
y_pred = np.where(rng.random(200) < 0.7, y_true, rng.integers(0, 4, 200))


def confusion_pairs(t, p):
    return Counter(zip(t.tolist(), p.tolist()))


def per_class_support(t):
    classes, counts = np.unique(t, return_counts=True)
    return dict(zip(classes, counts.tolist()))


def write_report(path, report):
    with open(path, "w") as f:
        json.dump(report, f, indent=2)


if V == 0:
    errors = {k: v for k, v in confusion_pairs(y_true, y_pred).items() if k[0] != k[1]}
    print(f"{sum(errors.values())} errors over {len(errors)} confusion pairs")
    write_report("confusions.json", errors)
elif V == 1:
    support = per_class_support(y_true)
    print("support", support)
    print(json.dumps({"n": int(len(y_true)), "support": support}))
else:
    logging.info("evaluating 200 predictions")
    acc = float((y_true == y_pred).mean())
    logging.info("accuracy %.3f", acc)
    by_split = {("val", "fold0"): {"acc": acc}, ("val", "fold1"): {"acc": acc - 0.01}}
    logging.info("writing eval/summary.json")
    write_report("summary.json", {"accuracy": acc, "folds": by_split})
