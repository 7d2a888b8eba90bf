"""model.half() with BatchNorm and large activations: running_var overflows fp16 to inf, eval outputs collapse; a sanity check fails."""
EXPECT = ["fp16-batchnorm-small-batch"]
VARIANTS = 2

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                      nn.Linear(16, 5)).half()
with torch.no_grad():
    model[0].weight.mul_(40.0)                      # large activations (unnormalised 0-255 input style)
model.train()
for step in range(30):
    x = (torch.rand([4, 2][v], 3, 16, 16) * 255).half()
    model(x)
print("bn1.running_var:", model[1].running_var[:4])
model.eval()
with torch.no_grad():
    preds = model((torch.rand(8, 3, 16, 16) * 255).half()).float()
print(preds)
assert torch.isfinite(preds).all() and preds.std(0).max() > 0, "eval outputs are constant or non-finite after model.half()"
