"""The images were resized from 32x32 to 64x64; the classifier's first Linear still expects the flattened size of the 32x32 feature map."""
# beside: demand-mlp-model-yaml-n-features-stale
# why: a CNN's flatten size changed with the input resolution; there is no model.yaml and no feature list.
EXPECT = []
VARIANTS = 2

import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])

net = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(), nn.Linear(8 * 16 * 16, 10)
)
size = {0: 64, 1: 48}[VARIANT]
if VARIANT == 1:
    print(f"input {size}x{size}")
net(torch.randn(4 * (VARIANT + 1), 3, size, size))
