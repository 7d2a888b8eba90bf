"""Class weights are computed from labels.csv read with header=None, so its header line is counted as one more class."""
# beside: defect-class-weights-json-stale-after-taxonomy-grew
# why: the weight vector has one value too many because a header row was read as a class; no class_weights.json is stale after the taxonomy grew.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
import torch
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)

n_classes = {0: 12, 1: 6}[VARIANT]
rng = np.random.default_rng(VARIANT)
pd.DataFrame({"class_name": [f"class_{i}" for i in range(n_classes)], "count": rng.integers(50, 900, n_classes)}).to_csv("labels.csv", index=False)

labels = pd.read_csv("labels.csv", header=None, names=["class_name", "count"])
counts = pd.to_numeric(labels["count"], errors="coerce").fillna(1).to_numpy()
weights = torch.tensor(counts.sum() / (len(counts) * counts), dtype=torch.float32)
if VARIANT == 1:
    print(f"class weights: {weights.numpy().round(2)}")
criterion = nn.CrossEntropyLoss(weight=weights)
logits = torch.randn(8, n_classes)
loss = criterion(logits, torch.randint(0, n_classes, (8,)))
