"""A classifier that returns logits, trained with nn.CrossEntropyLoss."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
features = torch.randn(64, 4)
labels = (features[:, 0] > 0).long() + (features[:, 1] > 0).long()
loader = DataLoader(TensorDataset(features, labels), batch_size=16, shuffle=True)

model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
criterion = nn.CrossEntropyLoss()
