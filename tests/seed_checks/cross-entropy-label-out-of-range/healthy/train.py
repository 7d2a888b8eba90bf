"""A 10-class text classifier trained with CrossEntropyLoss. Unlabelled samples carry the loss's
ignore_index, -100."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

num_classes = 10
torch.manual_seed(0)
features = torch.randn(100, 16)
labels = torch.randint(0, num_classes, (100,))
labels[37] = -100  # unlabelled: ignored by CrossEntropyLoss

loader = DataLoader(TensorDataset(features, labels), batch_size=20, shuffle=True)
model = nn.Linear(16, num_classes)
criterion = nn.CrossEntropyLoss()
