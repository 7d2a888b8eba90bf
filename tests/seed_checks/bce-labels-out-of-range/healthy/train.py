"""A multi-label classifier (4 tags per sample) with 0/1 targets for BCEWithLogitsLoss."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
features = torch.randn(64, 8)
labels = torch.randint(0, 2, (64, 4)).float()

loader = DataLoader(TensorDataset(features, labels), batch_size=16)
model = nn.Linear(8, 4)
criterion = nn.BCEWithLogitsLoss()
