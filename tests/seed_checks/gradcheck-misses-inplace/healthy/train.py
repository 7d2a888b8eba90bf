"""A residual MLP whose block uses ReLU(inplace=True) only on a fresh intermediate."""

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
        out = self.fc(x)
        out = self.act(out)  # in place on fc's output, which nothing else reads
        return out + identity


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), Block(), nn.Linear(8, 2))
loader = DataLoader(TensorDataset(torch.randn(32, 4), torch.randint(0, 2, (32,))), batch_size=8)
