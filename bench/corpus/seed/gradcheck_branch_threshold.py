"""Module with data-dependent control flow checked with gradcheck at an input next to the branch threshold: Jacobian mismatch."""
EXPECT = ["gradcheck-misses-control-flow-branch"]
VARIANTS = 3

import sys

import torch

v = int(sys.argv[1])


def gated(x):
    if x.sum() > 0:                 # routing on a tensor value
        return x ** 2
    return -3 * x


def early_exit(x):
    y = torch.tanh(x)
    if y.abs().max() < 0.5:
        return y
    return y * 2


def clipped_norm(x):
    n = x.norm()
    return x if n <= 1.0 else x / n


fn = [gated, early_exit, clipped_norm][v]
x = [torch.tensor([0.5, -0.5 + 1e-7]), torch.tensor([0.5493061, 0.1]), torch.tensor([0.6, 0.8 - 1e-8])][v]
x = x.double().requires_grad_()
print(fn.__name__, "at", x.tolist())
torch.autograd.gradcheck(fn, (x,))
