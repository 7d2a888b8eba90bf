"""A model with a hand-written scaling layer and a list of blocks, all registered."""

import torch
from torch import nn


class Scale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * self.weight


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8)])
        self.scale = Scale(8)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        for block in self.blocks:
            x = torch.relu(block(x))
        return self.head(self.scale(x))


model = Net()
