"""Gradient monitoring for a small MLP: a backward hook prints the gradient norm of each layer."""

import torch
from torch import nn

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))


def debug_grad_hook(module, grad_input, grad_output):
    norms = [None if g is None else round(g.norm().item(), 4) for g in grad_input]
    print(type(module).__name__, "grad_input norms:", norms)


for layer in model:
    if isinstance(layer, nn.Linear):
        layer.register_full_backward_hook(debug_grad_hook)

if __name__ == "__main__":
    model(torch.randn(4, 8)).sum().backward()
