"""A teammate's backtest script builds the demand MLP from the same model.yaml (n_features: 16) and feeds the current 20-column feature list."""
# beside: demand-mlp-model-yaml-n-features-stale
# why: the in_features comes from the stale n_features in model.yaml while the feature list has 20 columns, the entry's cause and fix.
EXPECT = ["demand-mlp-model-yaml-n-features-stale"]
VARIANTS = 2

import sys

import torch
import yaml
from torch import nn

VARIANT = int(sys.argv[1])

FEATURES = [f"lag_{i}" for i in range(1, 15)] + ["dow", "holiday", "temp_max", "temp_min", "rain_mm", "wind_kmh"]
with open("model.yaml", "w") as fh:
    fh.write("model:\n  n_features: 16\n  hidden: 32\n  horizon: 7\n")
cfg = yaml.safe_load(open("model.yaml"))["model"]
model = nn.Sequential(nn.Linear(cfg["n_features"], cfg["hidden"]), nn.ReLU(), nn.Linear(cfg["hidden"], cfg["horizon"]))
weeks = {0: 12, 1: 52}[VARIANT]
with torch.no_grad():
    for week in range(weeks):
        if VARIANT == 1:
            print(f"backtest week {week}")
        model(torch.randn(7, len(FEATURES)))
