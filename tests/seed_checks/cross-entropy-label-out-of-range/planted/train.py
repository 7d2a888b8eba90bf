"""A 10-class text classifier trained with CrossEntropyLoss. One sample lost its annotation and was
exported with label -1, and the class ids in the label file are 1-based for one source."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

num_classes = 10
torch.manual_seed(0)
features = torch.randn(100, 16)
labels = torch.randint(0, num_classes, (100,))
labels[37] = -1  # "unlabelled" in the export
labels[80:90] += 1  # a source with 1-based class ids: 10 appears

loader = DataLoader(TensorDataset(features, labels), batch_size=20, shuffle=True)
model = nn.Linear(16, num_classes)
criterion = nn.CrossEntropyLoss()
