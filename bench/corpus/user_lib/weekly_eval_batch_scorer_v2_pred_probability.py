"""Since batch-scorer 2.0 the pred column of the weekly score files holds the churn probability (the 0/1 decision moved to pred_label), and the weekly eval job still scores pred against the labels."""
EXPECT = ["weekly-eval-batch-scorer-v2-pred-is-probability"]
VARIANTS = 3

import logging
import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score

VARIANT = int(sys.argv[1])


def batch_scorer_output(path, week, n, version, rng):
    """What the batch scorer writes each Monday for last week's active customers."""
    proba = rng.beta(2, 5, n).round(4)
    frame = pd.DataFrame({"customer_id": np.arange(100_000, 100_000 + n), "week": week})
    if version >= 2:
        frame["pred"], frame["pred_label"] = proba, (proba >= 0.5).astype(int)
    else:
        frame["pred"] = (proba >= 0.5).astype(int)
    frame["scorer_version"] = f"{version}.0"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    frame.to_csv(path, index=False)
    return frame


def write_labels(path, ids, rng):
    pd.DataFrame({"customer_id": ids, "churned": rng.integers(0, 2, len(ids))}).to_csv(path, index=False)


def evaluate(scores, labels):
    df = scores.merge(labels, on="customer_id")
    metrics = {"accuracy": accuracy_score(df["churned"], df["pred"])}
    if VARIANT == 1:
        metrics.update(precision=precision_score(df["churned"], df["pred"]), recall=recall_score(df["churned"], df["pred"]),
                       f1=f1_score(df["churned"], df["pred"]))
    return metrics


def weekly_report(week, folder, n, version, rng):
    scores = batch_scorer_output(f"{folder}/scores_{week}.csv", week, n, version, rng)
    write_labels(f"{folder}/labels_{week}.csv", scores["customer_id"], rng)
    metrics = evaluate(pd.read_csv(f"{folder}/scores_{week}.csv"), pd.read_csv(f"{folder}/labels_{week}.csv"))
    print(week, " ".join(f"{k}={v:.3f}" for k, v in metrics.items()))


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    if VARIANT == 0:
        weekly_report("2024-W23", "scores", 800, 2, rng)
    elif VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s churn-eval %(message)s")
        try:
            weekly_report("2024-W26", "eval/churn", 2500, 2, rng)
        except Exception:
            logging.exception("weekly churn eval failed for 2024-W26")
            sys.exit(1)
    else:
        for week, version in [("2024-W20", 1), ("2024-W21", 1), ("2024-W22", 1), ("2024-W23", 2)]:
            weekly_report(week, "scores/backfill", 600, version, rng)
