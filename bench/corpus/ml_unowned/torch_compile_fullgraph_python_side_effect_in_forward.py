"""torch.compile(fullgraph=True) on a forward with Python side effects (debug print, logger call, .tolist()): torch._dynamo.exc.Unsupported graph break."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn

variant = int(sys.argv[1])
log = logging.getLogger("model.head")


class ScaledHead(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        if variant == 0:
            print("head activations mean", h.mean())       # left-over debug print
        elif variant == 1:
            log.warning("head input shape %s", x.shape)
        else:
            weights = h.softmax(-1).mean(0).tolist()      # python list of per-class weights
            h = h * torch.tensor(weights)
        return h


model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), ScaledHead(16))
compiled = torch.compile(model, backend="eager", fullgraph=True)
print("compiled with fullgraph=True; running warm-up batch")
out = compiled(torch.randn(4, 8))
print(out.shape)
