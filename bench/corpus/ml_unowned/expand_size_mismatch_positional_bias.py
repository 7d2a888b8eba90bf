"""Learned positional bias expanded to a batch whose sequence length differs: the expanded size must match the existing size."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn

variant = int(sys.argv[1])
max_len, seq_len, dim = [(5, 3, 16), (128, 200, 32), (64, 50, 8)][variant]
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("encoder")


class PositionalBias(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(1, max_len, dim))

    def forward(self, x):
        return x + self.bias.expand(x.size(0), x.size(1), dim)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = PositionalBias()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(self.pos(x))


model = Encoder()
log.info("built encoder max_len=%d dim=%d", max_len, dim)
batch = torch.randn(4, seq_len, dim)
if variant == 2:
    try:
        out = model(batch)
    except RuntimeError:
        log.exception("forward failed for batch of shape %s", tuple(batch.shape))
        sys.exit(1)
else:
    out = model(batch)
    log.info("output %s", tuple(out.shape))
