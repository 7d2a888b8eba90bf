"""Binary loss written as -log(sigmoid(x)) / y*log(p)+(1-y)*log(1-p): saturated sigmoid gives log(0), loss inf and NaN gradients."""
EXPECT = ["log-of-zero-after-sigmoid"]
VARIANTS = 3

import math
import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
with torch.no_grad():
    model[2].weight.mul_([60.0, 80.0, 120.0][v])       # confident model: logits of +-100
x = torch.randn(32, 8) * 3
y = torch.randint(0, 2, (32, 1)).float()


def bce_by_hand(p, y):
    return -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()


if v < 2:
    with torch.autograd.detect_anomaly():
        p = torch.sigmoid(model(x))
        loss = bce_by_hand(p, y)
        print("loss:", loss)
        loss.backward()
else:
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(5):
        p = torch.sigmoid(model(x))
        loss = bce_by_hand(p, y)
        print(f"step {step} loss {loss}")
        assert math.isfinite(loss.item()), f"loss became {loss.item()} at step {step}"
        opt.zero_grad(); loss.backward(); opt.step()
