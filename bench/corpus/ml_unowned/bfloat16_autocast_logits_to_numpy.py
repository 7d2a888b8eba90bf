"""Evaluating on CPU in bfloat16 (torch.autocast or model.to(torch.bfloat16)) and handing the outputs to numpy / sklearn metrics: TypeError: Got unsupported ScalarType BFloat16."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import torch
from sklearn.metrics import roc_auc_score
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)
logging.basicConfig(level=logging.INFO, format="%(asctime)s | %(levelname)s | %(message)s")
log = logging.getLogger("eval")

n_features = [20, 64, 12][variant]
model = nn.Sequential(nn.Linear(n_features, 32), nn.GELU(), nn.Linear(32, 2))
X = torch.randn(96, n_features)
y = np.random.default_rng(0).integers(0, 2, 96)


def batches(x, size):
    for i in range(0, len(x), size):
        yield x[i:i + size]


def collect_scores(model, x, batch_size=32):
    model.eval()
    scores = []
    with torch.inference_mode(), torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        for xb in batches(x, batch_size):
            probs = model(xb).softmax(-1)[:, 1]
            scores.append(probs.numpy())
    return np.concatenate(scores)


def predict_proba(model, x):
    with torch.no_grad():
        return torch.sigmoid(model(x)[:, 1] - model(x)[:, 0])


if variant == 0:
    s = collect_scores(model, X)
    print("AUC", roc_auc_score(y, s))
elif variant == 1:
    model = model.to(torch.bfloat16)          # halve memory for the CPU eval box
    log.info("model cast to %s", next(model.parameters()).dtype)
    probs = predict_proba(model, X.to(torch.bfloat16))
    log.info("scored %d rows", len(probs))
    print("AUC", roc_auc_score(y, np.asarray(probs)))
else:
    log.info("evaluating %d rows in bf16 autocast", len(X))
    for epoch in range(3):
        log.info("epoch %d train loss %.4f", epoch, 0.7 - 0.05 * epoch)
    auc = roc_auc_score(y, collect_scores(model, X, batch_size=16))
    log.info("val AUC %.4f", auc)
