"""Calling backward for a second loss that shares the encoder graph freed by the first backward: Trying to backward through the graph a second time."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("multitask")

encoder = nn.Sequential(nn.Linear(20, 64), nn.Tanh(), nn.Linear(64, 32), nn.Tanh())
cls_head, reg_head = nn.Linear(32, 4), nn.Linear(32, 1)
params = [*encoder.parameters(), *cls_head.parameters(), *reg_head.parameters()]
optimizer = torch.optim.Adam(params, lr=1e-3)


def train_step(x, y_cls, y_reg):
    optimizer.zero_grad()
    h = encoder(x)
    cls_loss = nn.functional.cross_entropy(cls_head(h), y_cls)
    reg_loss = nn.functional.mse_loss(reg_head(h).squeeze(-1), y_reg)
    cls_loss.backward()
    reg_loss.backward()
    optimizer.step()
    return cls_loss.item(), reg_loss.item()


def rnn_step(x):
    # truncated BPTT without detaching the carried hidden state
    global hidden
    hidden = torch.tanh(cell(x) + hidden)
    loss = hidden.pow(2).mean()
    loss.backward()
    return loss.item()


if variant < 2:
    for step in range(3):
        x, y_cls, y_reg = torch.randn(16, 20), torch.randint(0, 4, (16,)), torch.randn(16)
        if variant == 1:
            try:
                print(f"step {step}", train_step(x, y_cls, y_reg))
            except RuntimeError:
                log.exception("train step %d failed", step)
                sys.exit(1)
        else:
            print(f"step {step}", train_step(x, y_cls, y_reg))
else:
    cell, hidden = nn.Linear(8, 8), torch.zeros(4, 8)
    for step in range(5):
        log.info("chunk %d loss %.4f", step, rnn_step(torch.randn(4, 8)))
