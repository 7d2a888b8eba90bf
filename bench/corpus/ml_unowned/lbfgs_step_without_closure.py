"""The optimizer switched to LBFGS in a config while the training loop keeps the usual optimizer.step() (or passes closure=None through a generic helper): TypeError: LBFGS.step() missing 1 required positional argument: 'closure'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(4)

OPTIMIZERS = {"adam": torch.optim.Adam, "sgd": torch.optim.SGD, "lbfgs": torch.optim.LBFGS}


def make_optimizer(name, params, lr):
    return OPTIMIZERS[name](params, lr=lr)


def fit_calibration(logits, labels, optimizer_name):
    temperature = nn.Parameter(torch.ones(1))
    opt = make_optimizer(optimizer_name, [temperature], lr=0.01)
    for it in range(50):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(logits / temperature, labels)
        loss.backward()
        opt.step()
    return temperature.item()


class CurveFitter:
    def __init__(self, cfg, log):
        self.model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))
        self.opt = make_optimizer(cfg["optimizer"], self.model.parameters(), cfg["lr"])
        self.log = log

    def train_step(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self, x, y, steps):
        for s in range(steps):
            loss = self.train_step(x, y)
            if s % 5 == 0:
                self.log.info("step %d mse %.5f", s, loss)


def optimizer_step(optimizer, closure=None):
    optimizer.step(closure=closure)


def fit_elasticity(prices, units):
    log_a = nn.Parameter(torch.zeros(1))
    b = nn.Parameter(torch.zeros(1))
    opt = torch.optim.LBFGS([log_a, b], lr=0.5, max_iter=20)
    for epoch in range(3):
        opt.zero_grad()
        loss = ((log_a + b * prices.log() - units.log()) ** 2).mean()
        loss.backward()
        print(f"epoch {epoch} loss {loss.item():.4f}", flush=True)
        optimizer_step(opt)
    return log_a.item(), b.item()


if V == 0:
    logits, labels = torch.randn(256, 5) * 3, torch.randint(0, 5, (256,))
    print("T =", fit_calibration(logits, labels, "lbfgs"))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    x = torch.linspace(-2, 2, 64).unsqueeze(1)
    CurveFitter({"optimizer": "lbfgs", "lr": 0.1}, logging.getLogger("fit.curve")).fit(x, torch.sin(x), 20)
else:
    prices = torch.tensor([1.99, 2.49, 2.99, 3.49, 3.99])
    print(fit_elasticity(prices, torch.tensor([420.0, 350.0, 300.0, 240.0, 210.0])))
