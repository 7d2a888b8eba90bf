EXPECT = []
VARIANTS = 3

# A random search samples "1 - momentum" log-uniformly; the range in the sweep file goes up to
# 10**0.3, so some trials get a negative momentum that goes into torch.optim.SGD.
import logging
import math
import random
import sys

import torch
import torch.nn as nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SWEEP = {"log10_one_minus_momentum": [-3.0, 0.3], "log10_lr": [-4, -1]}
SEEDS = [7, 11, 3]


def sample_trial(rng):
    lo, hi = SWEEP["log10_one_minus_momentum"]
    u = rng.uniform(lo, hi)
    return {"lr": 10 ** rng.uniform(*SWEEP["log10_lr"]), "momentum": 1 - 10 ** u}


def run_trial(trial, nesterov):
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
    opt = torch.optim.SGD(model.parameters(), lr=trial["lr"], momentum=trial["momentum"], nesterov=nesterov)
    x, y = torch.randn(64, 10), torch.randn(64, 1)
    for _ in range(20):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
    return loss.item()


def main():
    logging.basicConfig(level=logging.INFO, format="[sweep] %(message)s")
    rng = random.Random(SEEDS[V])
    for i in range(30):
        trial = sample_trial(rng)
        if V == 2 and trial["momentum"] >= 0:
            trial["momentum"] = round(trial["momentum"], 3)
        logging.info("trial %d lr=%.2e momentum=%.4f", i, trial["lr"], trial["momentum"])
        score = run_trial(trial, nesterov=(V == 1 and trial["momentum"] > 0))
        logging.info("trial %d val_mse=%.4f", i, score)


if __name__ == "__main__":
    main()
