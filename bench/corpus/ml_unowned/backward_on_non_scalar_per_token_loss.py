"""backward() called on an unreduced per-token / per-sample loss tensor: grad can be implicitly created only for scalar outputs."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
vocab, batch, seq = [(100, 4, 12), (1000, 8, 64), (50, 2, 5)][variant]

model = nn.Sequential(nn.Embedding(vocab, 32), nn.Linear(32, vocab))
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)


def train_step(ids, targets, mask):
    logits = model(ids)
    per_token = nn.functional.cross_entropy(logits.transpose(1, 2), targets, reduction="none")
    loss = per_token * mask  # masked, but never summed / averaged
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss


for step in range(3):
    ids = torch.randint(0, vocab, (batch, seq))
    mask = (torch.rand(batch, seq) > 0.1).float()
    logging.info("step %d: batch %s", step, tuple(ids.shape))
    if variant == 1:
        try:
            train_step(ids, ids.roll(-1, 1), mask)
        except RuntimeError:
            logging.exception("step %d failed", step)
            sys.exit(1)
    else:
        train_step(ids, ids.roll(-1, 1), mask)
