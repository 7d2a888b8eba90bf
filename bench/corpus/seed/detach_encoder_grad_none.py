"""An encoder output passed through .detach() before the head: after backward the encoder grads are None, a gradient check fails."""
EXPECT = ["detach-cuts-gradient"]
VARIANTS = 2

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        feats = self.encoder(x)
        feats = feats.detach() if v == 0 else feats.data       # "to stop numpy/logging errors"
        return self.head(feats)


model = Model()
loss = nn.functional.cross_entropy(model(torch.randn(6, 3, 16, 16)), torch.randint(0, 4, (6,)))
loss.backward()
for name, p in model.named_parameters():
    print(f"{name:20s} grad: {'None' if p.grad is None else f'{p.grad.norm():.3e}'}")
missing = [n for n, p in model.named_parameters() if p.grad is None]
assert not missing, f"parameters without gradient: {missing}"
