"""Custom weight init, clamping or pruning done in place on parameters outside torch.no_grad(): a leaf Variable that requires grad is being used in an in-place operation."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
        self.temperature = nn.Parameter(torch.ones(1))

    def forward(self, x):
        for layer in self.layers[:-1]:
            x = torch.relu(layer(x))
        return self.layers[-1](x) / self.temperature


def init_weights(model):
    for layer in model.layers:
        layer.weight.normal_(0.0, 0.02)
        layer.bias.zero_()


def clip_temperature(model):
    model.temperature.clamp_(min=0.05)


def prune_inputs(model, dead_features):
    model.layers[0].weight[:, dead_features] = 0.0


model = MLP([[16, 32, 4], [64, 128, 128, 10], [8, 8, 2]][variant])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
if variant == 0:
    init_weights(model)
x = torch.randn(12, model.layers[0].in_features)
for step in range(3):
    loss = model(x).logsumexp(dim=1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step} loss {loss.item():.4f}")
    if variant == 1:
        clip_temperature(model)
    elif variant == 2:
        prune_inputs(model, [0, 3])
