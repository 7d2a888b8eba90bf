"""A model with a hand-written scaling layer that is a plain class, and blocks kept in a Python list."""

import torch
from torch import nn


class Scale:  # not an nn.Module: its weight is invisible to model.parameters()
    def __init__(self, dim):
        self.weight = torch.ones(dim, requires_grad=True)

    def __call__(self, x):
        return x * self.weight


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = [nn.Linear(8, 8), nn.Linear(8, 8)]  # a Python list: not registered
        self.scale = Scale(8)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        for block in self.blocks:
            x = torch.relu(block(x))
        return self.head(self.scale(x))


model = Net()
