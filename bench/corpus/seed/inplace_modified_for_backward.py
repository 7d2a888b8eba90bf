"""In-place ops (ReLU(inplace=True), +=, relu_) on tensors autograd saved, or on a leaf parameter."""
EXPECT = ["gradcheck-misses-inplace"]
VARIANTS = 4

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)


class ResBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.act = nn.Sigmoid()
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        h = self.act(self.fc(x))
        if v == 0:
            out = self.relu(h)              # sigmoid saved its output; inplace ReLU overwrites it
        else:
            h += x                           # in-place skip connection on a saved tensor
            out = h
        return out


if v in (0, 1):
    model = nn.Sequential(ResBlock(32), ResBlock(32), nn.Linear(32, 1))
    loss = model(torch.randn(8, 32)).pow(2).mean()
    loss.backward()
elif v == 2:
    w = torch.randn(16, 4, requires_grad=True)
    with torch.autograd.set_detect_anomaly(True):
        y = torch.randn(3, 16) @ w
        w.mul_(0.99)                         # manual weight decay on a leaf that requires grad
elif v == 3:
    x = torch.randn(4, 10, requires_grad=True)
    e = torch.exp(x)
    e.div_(e.sum(1, keepdim=True))           # "memory-saving" softmax
    e.log().sum().backward()
