"""A custom layer written as a plain Python class (or a Module subclass that skips super().__init__()) inside a model."""
EXPECT = ["custom-layer-not-nn-module"]
VARIANTS = 5

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])


class ScaledResidual:                                  # forgot the nn.Module base class
    def __init__(self, dim):
        self.weight = torch.ones(dim, requires_grad=True)
        self.proj = nn.Linear(dim, dim)

    def __call__(self, x):
        return x + self.weight * self.proj(x)


class GatedBlock(nn.Module):
    def __init__(self, dim):
        self.gate = nn.Linear(dim, dim)                # super().__init__() missing
        super().__init__()

    def forward(self, x):
        return x * torch.sigmoid(self.gate(x))


dim = [16, 32, 8, 64, 24][v]
if v == 0:
    model = nn.Sequential(nn.Linear(4, dim), ScaledResidual(dim), nn.Linear(dim, 2))
elif v == 1:
    model = nn.Sequential(nn.Linear(4, dim), nn.ReLU())
    model.add_module("residual", ScaledResidual(dim))
elif v == 2:
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.blocks = nn.ModuleList([ScaledResidual(dim) for _ in range(3)])
    model = Net()
elif v == 3:
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.layers = [ScaledResidual(dim), ScaledResidual(dim)]     # a plain list of plain objects

        def forward(self, x):
            for layer in self.layers:
                x = layer(x)
            return x
    model = Net()
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
else:
    block = GatedBlock(dim)
