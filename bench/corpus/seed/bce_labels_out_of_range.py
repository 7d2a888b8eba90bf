"""BCELoss / binary_cross_entropy with targets outside [0, 1] (-1 'unknown' marker, hand-made soft labels 1.1)."""
EXPECT = ["bce-labels-out-of-range"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F

v = int(sys.argv[1])
torch.manual_seed(v)
n_labels = [1, 5, 3, 8][v]
model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, n_labels), nn.Sigmoid())
x = torch.randn(16, 12)

if v == 0:       # label smoothing done by hand, pushing positives above 1
    y = torch.randint(0, 2, (16, 1)).float()
    y = y * 1.1 - 0.05
    print(nn.BCELoss()(model(x), y))
elif v == 1:     # multi-label CSV where -1 means "unknown"
    rng = np.random.default_rng(1)
    pd.DataFrame(rng.choice([-1, 0, 1], size=(16, 5)), columns=[f"tag_{i}" for i in range(5)]).to_csv("tags.csv", index=False)
    y = torch.tensor(pd.read_csv("tags.csv").values, dtype=torch.float32)
    F.binary_cross_entropy(model(x), y).backward()
elif v == 2:     # regression column used as a BCE target
    y = torch.rand(16, 3) * 2
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(5):
        opt.zero_grad()
        loss = nn.BCELoss(reduction="sum")(model(x), y)
        loss.backward()
        opt.step()
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    y = torch.randint(0, 2, (16, 8)).float()
    y[3, 2] = -1.0
    logging.info("epoch 0: %d samples, %d labels", len(y), n_labels)
    try:
        loss = nn.BCELoss(weight=torch.ones(8))(model(x), y)
    except RuntimeError:
        logging.exception("loss computation failed")
        sys.exit(1)
