"""The forecaster's head predicts 12 steps ahead while the window builder cuts 10-step targets; mse_loss broadcasts and fails."""
# beside: sensor-forecaster-15min-resample-stale-max-len
# why: the mismatch is between the output horizon and the target length in the user's own code, not a position table sized for a coarser resample.
EXPECT = []
VARIANTS = 2

import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
HORIZON_MODEL, HORIZON_DATA = {0: (12, 10), 1: (24, 16)}[VARIANT]

torch.manual_seed(0)
x = torch.randn(256, 48, 3)
series = torch.randn(256, 48 + HORIZON_DATA)
y = series[:, 48 : 48 + HORIZON_DATA]
model = nn.Sequential(nn.Flatten(), nn.Linear(48 * 3, 64), nn.ReLU(), nn.Linear(64, HORIZON_MODEL))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(3):
    loss = nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"epoch {epoch} loss {loss.item():.4f}")
