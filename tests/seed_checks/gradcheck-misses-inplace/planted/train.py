"""A residual MLP whose block applies ReLU(inplace=True) to the tensor its skip connection reads."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Block(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.fc = nn.Linear(width, width)
        self.act = nn.ReLU(inplace=True)

    def forward(self, x):
        identity = x
        out = self.act(x)  # overwrites x, so identity is the activated tensor too
        out = self.fc(out)
        return out + identity


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), Block(), nn.Linear(8, 2))
loader = DataLoader(TensorDataset(torch.randn(32, 4), torch.randint(0, 2, (32,))), batch_size=8)
