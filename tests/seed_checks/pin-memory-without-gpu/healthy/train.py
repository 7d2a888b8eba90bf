"""A CPU inference job whose DataLoader pins memory only when batches go to a GPU."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Linear(8, 2).to(device)
dataset = TensorDataset(torch.randn(64, 8))
loader = DataLoader(dataset, batch_size=16, pin_memory=device == "cuda")
