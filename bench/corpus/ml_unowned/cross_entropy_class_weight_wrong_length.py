"""Class-balancing weights computed from the classes present in one split, not all classes: weight tensor should be defined either for all N classes or no classes."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)
n_classes = [5, 10, 3][variant]
rng = np.random.default_rng(variant)
train_labels = rng.choice(n_classes - 1, size=400)  # the rarest class is absent from this sample


def class_weights(labels):
    counts = np.bincount(labels)
    return torch.tensor(len(labels) / (len(counts) * counts), dtype=torch.float32)


def pos_weights_from_unique(labels):
    classes, counts = np.unique(labels, return_counts=True)
    return torch.tensor(counts.max() / counts, dtype=torch.float32)


weights = pos_weights_from_unique(train_labels) if variant == 2 else class_weights(train_labels)
print("class weights", weights.numpy().round(3), flush=True)
model = nn.Linear(16, n_classes)
criterion = nn.CrossEntropyLoss(weight=weights)
x, y = torch.randn(32, 16), torch.from_numpy(train_labels[:32]).long()
loss = criterion(model(x), y)
loss.backward()
print("loss", loss.item())
