"""An optimizer built from the model itself, from `model.parameters` without the call, or from state_dict(): 'Net' object is not iterable / optimizer can only optimize Tensors."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 3))

    def forward(self, x):
        return self.body(x)


def build_optimizer(model, cfg):
    name = cfg["optimizer"]
    if VARIANT == 0:
        return getattr(torch.optim, name)(model, lr=cfg["lr"])
    if VARIANT == 1:
        return getattr(torch.optim, name)(model.parameters, lr=cfg["lr"], weight_decay=0.01)
    return getattr(torch.optim, name)(model.state_dict(), lr=cfg["lr"], momentum=0.9)


cfg = [{"optimizer": "Adam", "lr": 1e-3}, {"optimizer": "AdamW", "lr": 3e-4}, {"optimizer": "SGD", "lr": 0.1}][VARIANT]
model = Net()
print(f"model with {sum(p.numel() for p in model.parameters())} parameters")
opt = build_optimizer(model, cfg)
x, y = torch.randn(32, 20), torch.randint(0, 3, (32,))
for step in range(3):
    loss = nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
