"""compute_class_weight('balanced', classes=<all classes>, y=<a fold or split lacking one>) (a rare class absent from a CV fold, a taxonomy class not yet labelled, a time split): ValueError: classes should have valid labels that are in y."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import pandas as pd
import torch
from sklearn.model_selection import KFold
from sklearn.utils.class_weight import compute_class_weight

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(6)
N_CLASSES = 5


def loss_for_fold(y_train):
    weights = compute_class_weight("balanced", classes=np.arange(N_CLASSES), y=y_train)
    return torch.nn.CrossEntropyLoss(weight=torch.tensor(weights, dtype=torch.float32))


def run_cv(y):
    for fold, (train_idx, _) in enumerate(KFold(n_splits=4, shuffle=False).split(y)):
        criterion = loss_for_fold(y[train_idx])
        print(f"fold {fold}: class weights {criterion.weight.numpy().round(2)}")


def weights_for_taxonomy(label_names, taxonomy):
    return dict(zip(taxonomy, compute_class_weight("balanced", classes=np.array(taxonomy), y=np.array(label_names))))


if V == 0:
    y = rng.integers(0, 4, 400)
    y[-6:] = 4
    print(f"{len(y)} defects, class counts {np.bincount(y).tolist()}")
    run_cv(y)
elif V == 1:
    taxonomy = ["billing", "delivery", "returns", "account", "fraud_report"]
    labelled = list(rng.choice(taxonomy[:4], size=250))
    print(f"{len(labelled)} labelled tickets")
    print(weights_for_taxonomy(labelled, taxonomy))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("failure_model")
    events = pd.DataFrame({
        "ts": pd.date_range("2024-01-01", periods=300, freq="D"),
        "failure_mode": rng.choice(["none", "bearing", "seal", "motor"], 300, p=[0.85, 0.08, 0.05, 0.02]),
    })
    events.loc[events.ts >= "2024-09-01", "failure_mode"] = np.where(rng.random((events.ts >= "2024-09-01").sum()) < 0.1, "overheat", "none")
    train = events[events.ts < "2024-08-01"]
    classes = np.sort(events["failure_mode"].unique())
    log.info("train rows %d, classes %s", len(train), classes.tolist())
    weights = compute_class_weight("balanced", classes=classes, y=train["failure_mode"].to_numpy())
