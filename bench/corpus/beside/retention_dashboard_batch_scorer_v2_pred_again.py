"""A teammate's retention dashboard builds a confusion matrix per plan from the batch scorer's weekly files, reading the pred column, which since batch-scorer 2.0 holds the churn probability."""
# beside: weekly-eval-batch-scorer-v2-pred-is-probability
# why: the same fault: batch-scorer 2.0 moved the 0/1 decision to pred_label and put the probability in pred, and this consumer still treats pred as the label; same fix, read pred_label.
EXPECT = ["weekly-eval-batch-scorer-v2-pred-is-probability"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix

VARIANT = int(sys.argv[1])


def scorer_v2_file(path, n, rng):
    proba = rng.beta(2, 5, n).round(4)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pd.DataFrame({"customer_id": np.arange(n), "plan": rng.choice(["basic", "plus", "pro"], n),
                  "pred": proba, "pred_label": (proba >= 0.5).astype(int), "scorer_version": "2.0"}).to_csv(path, index=False)


def outcomes_file(path, n, rng):
    pd.DataFrame({"customer_id": np.arange(n), "churned_30d": rng.integers(0, 2, n)}).to_csv(path, index=False)


def plan_matrices(scores_path, outcomes_path):
    df = pd.read_csv(scores_path).merge(pd.read_csv(outcomes_path), on="customer_id")
    out = {}
    for plan, rows in df.groupby("plan"):
        tn, fp, fn, tp = confusion_matrix(rows["churned_30d"], rows["pred"]).ravel()
        out[plan] = {"tp": tp, "fp": fp, "fn": fn, "tn": tn}
        print(plan, out[plan])
    return out


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    week = {0: "2024-W24", 1: "2024-W25"}[VARIANT]
    scorer_v2_file(f"dashboards/retention/scores_{week}.csv", {0: 900, 1: 3000}[VARIANT], rng)
    outcomes_file(f"dashboards/retention/outcomes_{week}.csv", {0: 900, 1: 3000}[VARIANT], rng)
    print(f"retention dashboard {week}")
    plan_matrices(f"dashboards/retention/scores_{week}.csv", f"dashboards/retention/outcomes_{week}.csv")
