"""A multi-label classifier (4 tags per sample). The label table uses -1 for "not annotated", and
those -1 entries go straight into BCEWithLogitsLoss as targets."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
features = torch.randn(64, 8)
labels = torch.randint(0, 2, (64, 4)).float()
labels[torch.rand(64, 4) < 0.1] = -1.0  # unknown tag, exported as -1 by the annotation tool

loader = DataLoader(TensorDataset(features, labels), batch_size=16)
model = nn.Linear(8, 4)
criterion = nn.BCEWithLogitsLoss()
