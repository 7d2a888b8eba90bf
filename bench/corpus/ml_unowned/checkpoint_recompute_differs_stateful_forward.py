"""torch.utils.checkpoint.CheckpointError: A different number of tensors was saved during the original forward and recomputation (or: Recomputed values ... have different metadata): an activation-checkpointed block whose forward depends on Python-side state (a step counter, a memory of the previous segment, Python/numpy random layer drop) runs differently when backward recomputes it."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import random
import sys

import numpy as np
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
random.seed(3)
D = [16, 32, 24, 8][V]


class WarmupGatedBlock(nn.Module):
    """Adds the gated branch only on odd calls: a hand-rolled 'every other step' schedule."""

    def __init__(self, d):
        super().__init__()
        self.lin, self.gate = nn.Linear(d, d), nn.Linear(d, d)
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        h = self.lin(x)
        if self.calls % 2 == 1:
            h = h * torch.sigmoid(self.gate(x))
        return torch.relu(h)


class SegmentMemoryBlock(nn.Module):
    """Transformer-XL style: attends over the previous segment's hidden states kept on self."""

    def __init__(self, d):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.memory = None

    def forward(self, x):
        h = self.proj(x)
        ctx = h if self.memory is None else torch.cat([self.memory, h], dim=0)
        self.memory = h.detach()
        return torch.tanh(ctx)[-x.shape[0]:]


class LayerDropStack(nn.Module):
    def __init__(self, d, n_layers=4, p_drop=0.5, rng=None):
        super().__init__()
        self.layers = nn.ModuleList(nn.Sequential(nn.Linear(d, d), nn.GELU()) for _ in range(n_layers))
        self.p_drop = p_drop
        self.rng = rng

    def _keep(self):
        u = self.rng.random() if self.rng is not None else random.random()
        return u >= self.p_drop

    def forward(self, x):
        for layer in self.layers:
            if self.training and self._keep():
                x = x + layer(x)
        return x


def train(block, steps=6, batch=8):
    head = nn.Linear(D, 2)
    opt = torch.optim.SGD(list(block.parameters()) + list(head.parameters()), lr=0.05)
    for step in range(steps):
        x = torch.randn(batch, D, requires_grad=True)
        y = torch.randint(0, 2, (batch,))
        h = checkpoint(block, x, use_reentrant=False)
        loss = nn.functional.cross_entropy(head(h), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if V == 0:
    train(WarmupGatedBlock(D))
elif V == 1:
    print("segment-recurrent encoder with activation checkpointing")
    train(SegmentMemoryBlock(D))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("layerdrop")
    log.info("LayerDrop p=0.5 with python random, checkpointed stack of 4 layers")
    train(LayerDropStack(D), steps=10)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("layerdrop")
    log.info("LayerDrop p=0.3 with a numpy Generator")
    train(LayerDropStack(D, n_layers=6, p_drop=0.3, rng=np.random.default_rng(7)), steps=10)
