"""A 1-D U-Net for load curves adds the skip connection to the pooled path without upsampling it back to the input length."""
# beside: sensor-forecaster-15min-resample-stale-max-len
# why: the half-length tensor comes from a missing upsample in the user's own model code; no position table or data.yaml resample is involved.
EXPECT = []
VARIANTS = 2

import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


class TinyUNet1d(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.inp = nn.Linear(2, d)
        self.down = nn.Conv1d(d, d, 3, padding=1)
        self.mid = nn.Linear(d, d)
        self.out = nn.Linear(d, 1)

    def forward(self, x):  # x: (batch, steps, features)
        h = self.inp(x)
        low = nn.functional.avg_pool1d(self.down(h.transpose(1, 2)), 2).transpose(1, 2)
        low = self.mid(low)
        return self.out(h + low)  # should upsample low to h's length first


torch.manual_seed(0)
steps = {0: 96, 1: 144}[VARIANT]
model = TinyUNet1d(32)
x = torch.randn(32, steps, 2)
if VARIANT == 1:
    print(f"input {tuple(x.shape)}")
print(model(x).shape)
