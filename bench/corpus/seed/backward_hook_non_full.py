"""Gradient-monitoring hooks: deprecated register_backward_hook on a multi-op module (warnings as errors), or a full hook whose output is modified in place."""
EXPECT = ["non-full-backward-hook"]
VARIANTS = 4

import sys
import warnings

import torch
import torch.nn as nn

v = int(sys.argv[1])
grad_log = {}


def log_grad(name):
    def hook(module, grad_input, grad_output):
        grad_log[name] = [g.norm().item() for g in grad_input if g is not None]
    return hook


if v in (0, 1):
    warnings.simplefilter("error")                   # test suite runs with -W error
    model = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 2)) if v == 0 else nn.TransformerEncoderLayer(16, 2, 32)
    model.register_backward_hook(log_grad("block"))
    x = torch.randn(4, 10) if v == 0 else torch.randn(3, 4, 16)
    model(x.requires_grad_()).sum().backward()
else:
    fc = nn.Linear(8, 8)
    fc.register_full_backward_hook(log_grad("fc"))
    act = nn.ReLU(inplace=True) if v == 2 else nn.Dropout(0.1, inplace=True)
    model = nn.Sequential(fc, act, nn.Linear(8, 1))
    loss = model(torch.randn(5, 8)).pow(2).mean()
    loss.backward()
print(grad_log)
