"""ValueError: Out of range float values are not JSON compliant, writing metrics with json.dump(allow_nan=False) (strict JSON for a dashboard) after a NaN validation loss, an inf perplexity or a 0/0 precision."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import math
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("report")


def write_metrics(path, metrics):
    with open(path, "w") as f:
        json.dump(metrics, f, allow_nan=False, indent=2)


def perplexity(mean_nll):
    try:
        return math.exp(mean_nll)
    except OverflowError:
        return float("inf")


def precision(tp, fp):
    return tp / (tp + fp) if tp + fp else float("nan")


if V == 0:
    history = []
    for epoch, loss in enumerate([0.91, 0.74, 0.66, float("nan")]):
        history.append({"epoch": epoch, "val_loss": loss})
        log.info("epoch %d val_loss %s", epoch, loss)
    write_metrics("metrics.json", {"history": history})
elif V == 1:
    summary = {"model": "char-lstm", "mean_nll": 812.4, "perplexity": perplexity(812.4)}
    print(json.dumps(summary, allow_nan=False))
else:
    per_class = {"cat": (40, 5), "dog": (33, 9), "ferret": (0, 0)}
    report = {name: {"precision": precision(tp, fp)} for name, (tp, fp) in per_class.items()}
    log.info("computed %d class reports", len(report))
    write_metrics("per_class.json", report)
