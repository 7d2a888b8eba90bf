"""Classifier head's Linear in_features computed for the wrong image size: mat1 and mat2 shapes cannot be multiplied."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
image_size, channels, batch = [(64, 16, 8), (96, 32, 4), (128, 8, 16)][variant]


class SmallCNN(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, channels, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(channels, channels * 2, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        )
        # written for 32x32 CIFAR images, reused on larger crops
        self.classifier = nn.Linear(channels * 2 * 8 * 8, num_classes)

    def forward(self, x):
        x = self.features(x)
        x = torch.flatten(x, 1)
        return self.classifier(x)


def train_step(model, optimizer, images, labels):
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(model(images), labels)
    loss.backward()
    optimizer.step()
    return loss.item()


model = SmallCNN()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for epoch in range(1):
    print(f"epoch {epoch}: image_size={image_size} batch={batch}")
    images = torch.randn(batch, 3, image_size, image_size)
    labels = torch.randint(0, 10, (batch,))
    print(f"step 0 loss {train_step(model, optimizer, images, labels):.4f}")
