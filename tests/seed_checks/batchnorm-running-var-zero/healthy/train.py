"""A small CNN whose BatchNorm statistics were updated from clean batches."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 2)
)
images = torch.rand(16, 3, 8, 8)

model.train()
with torch.no_grad():  # running statistics are updated in train mode even without grad
    for batch in images.split(4):
        model(batch)
model.eval()
