"""A two-class classifier trained on two blobs, three of whose 64 samples are mislabelled."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
labels = torch.arange(64) % 2
points = torch.randn(64, 2) * 0.7 + torch.stack([labels * 4.0 - 2.0, torch.zeros(64)], 1)
labels[[5, 18, 41]] = 1 - labels[[5, 18, 41]]  # annotation errors
loader = DataLoader(TensorDataset(points, labels), batch_size=64)

model = nn.Linear(2, 2)
criterion = nn.CrossEntropyLoss()
for _ in range(100):  # plain gradient descent
    model.zero_grad()
    criterion(model(points), labels).backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.5 * p.grad
