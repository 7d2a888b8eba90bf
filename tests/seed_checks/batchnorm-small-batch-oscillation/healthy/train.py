"""A small CNN with BatchNorm trained with batches of 64 images."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
labels = torch.randint(0, 2, (512,))
images = torch.randn(512, 3, 8, 8) + labels[:, None, None, None] * 0.5
loader = DataLoader(TensorDataset(images, labels), batch_size=64, shuffle=True)

model = nn.Sequential(
    nn.Conv2d(3, 16, 3),
    nn.BatchNorm2d(16),
    nn.ReLU(),
    nn.Conv2d(16, 16, 3),
    nn.BatchNorm2d(16),
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(16, 2),
)
criterion = nn.CrossEntropyLoss()
