"""Gradients explode (too-high LR, deep net / RNN) past a loose clipping guard; clip_grad_norm_(error_if_nonfinite=True) refuses the non-finite total norm."""
EXPECT = ["gradient-explosion-locate-layer"]
VARIANTS = 3

import logging
import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s")

if v == 1:
    class RNNModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.rnn = nn.RNN(8, 32, nonlinearity="relu")
            self.out = nn.Linear(32, 1)

        def forward(self, x):
            return self.out(self.rnn(x)[0][-1])
    model = RNNModel()
    data = lambda: (torch.randn(30, 16, 8) * 3, torch.randn(16, 1))
else:
    model = nn.Sequential(*[nn.Linear(32, 32) for _ in range(6)], nn.Linear(32, 1))
    data = lambda: (torch.randn(64, 32) * 5, torch.randn(64, 1) * 10)
opt = torch.optim.SGD(model.parameters(), lr=[0.05, 0.5, 0.2][v], momentum=0.9)
for step in range(300):
    x, y = data()
    loss = nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()
    norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=[1e3, 1e4, 5e4][v], error_if_nonfinite=True)
    logging.info("step %d loss %.4g grad_norm %.4g", step, loss.item(), norm.item())
    opt.step()
