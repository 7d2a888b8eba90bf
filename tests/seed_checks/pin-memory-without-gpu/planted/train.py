"""A CPU inference job whose DataLoader was copied from a GPU tutorial: pin_memory=True."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Linear(8, 2)  # stays on the CPU
dataset = TensorDataset(torch.randn(64, 8))
loader = DataLoader(dataset, batch_size=16, pin_memory=True)
