"""A teammate's load anomaly model reads the same data.yaml (resample now 15min) and model.yaml (max_len: 48) for its learned position table."""
# beside: sensor-forecaster-15min-resample-stale-max-len
# why: 24 h windows are 96 steps at 15min but the position table is still sized from model.yaml's max_len for 30min data, exactly the entry's cause and fix.
EXPECT = ["sensor-forecaster-15min-resample-stale-max-len"]
VARIANTS = 2

import sys

import pandas as pd
import torch
import yaml
from torch import nn

VARIANT = int(sys.argv[1])

with open("data.yaml", "w") as fh:
    fh.write(f"resample: 15min\nwindow_hours: {({0: 24, 1: 6}[VARIANT])}\n")
with open("model.yaml", "w") as fh:
    fh.write(f"d_model: 16\nmax_len: {({0: 48, 1: 12}[VARIANT])}\n")
data_cfg, model_cfg = yaml.safe_load(open("data.yaml")), yaml.safe_load(open("model.yaml"))
steps = int(pd.Timedelta(hours=data_cfg["window_hours"]) / pd.Timedelta(data_cfg["resample"]))


class AnomalyScorer(nn.Module):
    def __init__(self, d, max_len):
        super().__init__()
        self.embed = nn.Linear(1, d)
        self.pos = nn.Embedding(max_len, d)
        self.score = nn.Linear(d, 1)

    def forward(self, x):
        h = self.embed(x) + self.pos.weight.unsqueeze(0)
        return self.score(torch.tanh(h)).squeeze(-1)


torch.manual_seed(0)
scorer = AnomalyScorer(model_cfg["d_model"], model_cfg["max_len"])
windows = torch.randn(64, steps, 1)
print(scorer(windows).abs().max(dim=1).values[:5])
