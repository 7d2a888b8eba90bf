"""ValueError: multiclass format is not supported: roc_curve / precision_recall_curve / det_curve (binary-only curves) called with 3+ class labels for per-class or "confidence" curves, without binarizing y (y == k)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import auc, det_curve, precision_recall_curve, roc_curve
from sklearn.model_selection import train_test_split

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n_classes = [3, 4, 5, 3][V]
X, y = make_classification(n_samples=300, n_features=10, n_informative=6, n_classes=n_classes,
                           random_state=V)
X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.3, random_state=0)
clf = LogisticRegression(max_iter=1000).fit(X_tr, y_tr)
proba = clf.predict_proba(X_val)
print(f"val accuracy {clf.score(X_val, y_val):.3f}", flush=True)

if V == 0:
    curves = {}
    for k in range(n_classes):
        fpr, tpr, _ = roc_curve(y_val, proba[:, k])       # meant (y_val == k)
        curves[k] = auc(fpr, tpr)
        print(f"class {k}: AUC {curves[k]:.3f}")
elif V == 1:
    def confidence_pr(y_true, probs):
        """Precision/recall of the model's top prediction as its confidence threshold moves."""
        return precision_recall_curve(y_true, probs.max(axis=1))

    p, r, t = confidence_pr(y_val, proba)
    print(len(t), "thresholds")
elif V == 2:
    fpr, fnr, thr = det_curve(y_val, proba[:, 1])
    print(fpr[:3], fnr[:3])
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("report")

    class EvalReport:
        def __init__(self, names):
            self.names = names

        def pr_curves(self, y_true, probs):
            out = {}
            for k, name in enumerate(self.names):
                log.info("PR curve for %s", name)
                prec, rec, _ = precision_recall_curve(y_true, probs[:, k])
                out[name] = auc(rec, prec)
            return out

    try:
        res = EvalReport(["billing", "bug", "feature"]).pr_curves(y_val, proba)
    except ValueError:
        log.exception("report failed")
        raise
    print(json.dumps(res))
