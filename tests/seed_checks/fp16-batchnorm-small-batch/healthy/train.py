"""The same CNN kept in float32 (its BatchNorm statistics too), batches of 4 raw CT slices."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 16, 5),
    nn.BatchNorm2d(16),
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(16, 2),
)
scans = torch.empty(16, 3, 12, 12).uniform_(-1000, 3000)  # Hounsfield units, not normalised

model.train()
with torch.no_grad():
    for batch in scans.split(4):
        model(batch)
model.eval()
