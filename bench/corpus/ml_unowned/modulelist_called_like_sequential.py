"""A stack of layers kept in nn.ModuleList (or nn.ModuleDict) is called like nn.Sequential: Module [ModuleList] is missing the required "forward" function."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)
depth, width = [(3, 64), (6, 128), (2, 32)][VARIANT]


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Sequential(nn.Linear(width, width), nn.GELU()) for _ in range(depth)])
        self.heads = nn.ModuleDict({"price": nn.Linear(width, 1), "category": nn.Linear(width, 7)})

    def forward(self, x):
        if VARIANT == 1:
            for block in self.blocks:
                x = x + block(x)
            return self.heads(x)
        return self.heads["price"](self.blocks(x))


model = MLP()
print(f"MLP depth={depth} width={width}, {sum(p.numel() for p in model.parameters())} parameters")
x = torch.randn(16, width)
if VARIANT == 2:
    model.eval()
    with torch.no_grad():
        traced = torch.jit.trace(model, x)
else:
    out = model(x)
    print(out.shape)
