"""f1_score / precision_score / recall_score left at the default average='binary' on labels that have three or more classes (a multiclass task, or an 'unsure' class that appeared in the validation set): Target is multiclass but average='binary'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

variant = int(sys.argv[1])
rng = np.random.default_rng(0)
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("evaluate")


def evaluate(y_true, y_pred):
    metrics = {"accuracy": accuracy_score(y_true, y_pred)}
    for name, fn in [("precision", precision_score), ("recall", recall_score), ("f1", f1_score)]:
        metrics[name] = fn(y_true, y_pred)
    return metrics


def log_epoch(epoch, y_true, y_pred):
    m = evaluate(y_true, y_pred)
    log.info("epoch %d " + " ".join(f"{k}={v:.3f}" for k, v in m.items()), epoch)


if variant == 0:
    X, y = rng.normal(size=(300, 6)), rng.integers(0, 3, 300)
    clf = LogisticRegression(max_iter=500).fit(X[:200], y[:200])
    print("macro-averaged? ->", f1_score(y[200:], clf.predict(X[200:])))
elif variant == 1:
    y_val = rng.integers(0, 2, 80)
    for epoch in range(3):
        log_epoch(epoch, y_val, rng.integers(0, 2, 80))
    y_val[::17] = 2                                   # annotators added an "unsure" class for the new batch
    log_epoch(3, y_val, rng.integers(0, 2, 80))
else:
    labels = np.array(["spam", "ham", "promo"])
    y_true, y_pred = labels[rng.integers(0, 3, 50)], labels[rng.integers(0, 3, 50)]
    print(precision_score(y_true, y_pred, pos_label="spam"))
