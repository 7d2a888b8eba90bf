"""Chained merges of tables sharing a column name ('auc', 'score'): a later merge's suffixes would recreate a column an earlier merge made: MergeError: Passing 'suffixes' which cause duplicate columns {'auc_x', 'auc_y'} is not allowed."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import functools
import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(17)
SEGMENTS = ["smb", "mid", "enterprise"]


def model_eval_table(model_name):
    return pd.DataFrame({"segment": SEGMENTS, "auc": rng.uniform(0.7, 0.9, 3).round(3), "model": model_name})


def compare_models(names):
    tables = [model_eval_table(n).drop(columns="model") for n in names]
    return functools.reduce(lambda left, right: left.merge(right, on="segment"), tables)


def nightly_scores(day):
    return pd.DataFrame({"user_id": [1, 2, 3, 4], "score": rng.uniform(0, 1, 4).round(3)})


def score_drift(days, log):
    merged = nightly_scores(days[0])
    for day in days[1:]:
        log.info("merging scores for %s", day)
        merged = merged.merge(nightly_scores(day), on="user_id", how="left")
    return merged


def attach_previous_run(current, previous):
    return current.merge(previous, on="experiment", suffixes=("", "_prev"))


if V == 0:
    print(compare_models(["gbdt_v4", "gbdt_v5", "mlp_v1", "logreg_base"]))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(score_drift(["2024-11-01", "2024-11-02", "2024-11-03", "2024-11-04"], logging.getLogger("drift.nightly")))
else:
    current = pd.DataFrame({"experiment": ["exp-41", "exp-42"], "val_loss": [0.41, 0.39], "val_loss_prev": [0.44, 0.40]})
    previous = pd.DataFrame({"experiment": ["exp-41", "exp-42"], "val_loss": [0.43, 0.41]})
    print(attach_previous_run(current, previous))
