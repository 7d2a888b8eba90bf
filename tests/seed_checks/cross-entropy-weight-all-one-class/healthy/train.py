"""An imbalanced 3-class data set (90/5/5) and a CrossEntropyLoss weighted by inverse frequency."""

import torch
from torch import nn
from torch.utils.data import TensorDataset

torch.manual_seed(0)
labels = torch.tensor([0] * 180 + [1] * 10 + [2] * 10)
dataset = TensorDataset(torch.randn(200, 4) + labels[:, None], labels)

counts = torch.bincount(labels, minlength=3).float()
weight = counts.sum() / (3 * counts)
criterion = nn.CrossEntropyLoss(weight=weight)
