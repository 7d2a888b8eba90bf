"""nn.Sequential / ModuleList given a plain function, a list or a class instead of module instances: ... is not a Module subclass."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
import torch.nn.functional as F
from torch import nn

variant = int(sys.argv[1])
SIZES = [[32, 64, 10], [16, 16, 16, 4], [8, 32, 2]][variant]


def mlp(sizes):
    layers = []
    for a, b in zip(sizes, sizes[1:]):
        layers.append(nn.Linear(a, b))
        if variant == 0:
            layers.append(F.relu)
        else:
            layers.append(nn.ReLU if variant == 2 else nn.ReLU())
    if variant == 1:
        return nn.Sequential(layers)
    return nn.Sequential(*layers[:-1])


print("building MLP", SIZES, flush=True)
model = mlp(SIZES)
print(model(torch.randn(4, SIZES[0])).shape)
