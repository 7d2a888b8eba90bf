"""Too many pooling/conv stages for small inputs (thumbnails, short sequences): Given input size ... Calculated output size ... Output size is too small."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


def cnn_2d(stages):
    layers, c = [], 3
    for _ in range(stages):
        layers += [nn.Conv2d(c, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2)]
        c = 16
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))


def cnn_1d(stages):
    layers, c = [], 1
    for _ in range(stages):
        layers += [nn.Conv1d(c, 8, 5), nn.ReLU(), nn.MaxPool1d(4)]
        c = 8
    return nn.Sequential(*layers, nn.AdaptiveMaxPool1d(1), nn.Flatten(), nn.Linear(8, 2))


if variant == 0:
    model = cnn_2d(6)  # designed for 224x224 inputs
    print(model(torch.randn(2, 3, 224, 224)).shape, flush=True)
    print(model(torch.randn(2, 3, 32, 32)).shape)  # CIFAR-sized thumbnails
elif variant == 1:
    model = cnn_1d(3)
    for length in [2000, 500, 90]:
        print(f"signal length {length}:", model(torch.randn(4, 1, length)).shape, flush=True)
else:
    model = nn.Sequential(nn.Conv2d(3, 8, 7, stride=2), nn.AvgPool2d(5), nn.Flatten())
    print(model(torch.randn(1, 3, 12, 12)).shape)
