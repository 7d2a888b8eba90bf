"""A sweep samples lr / weight_decay / eps uniformly in log space and hands the log value straight to the optimizer: ValueError: Invalid learning rate: -6.2 (Invalid weight_decay value, Invalid epsilon value)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import math
import random
import sys

import torch
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
random.seed(V)
torch.manual_seed(V)

SEARCH_SPACE = {
    "lr": ("log_uniform", 1e-5, 1e-2),
    "weight_decay": ("log_uniform", 1e-6, 1e-2),
    "eps": ("log_uniform", 1e-10, 1e-6),
    "dropout": ("uniform", 0.0, 0.4),
}


def sample_trial(space):
    params = {}
    for name, (kind, low, high) in space.items():
        if kind == "log_uniform":
            params[name] = random.uniform(math.log(low), math.log(high))
        else:
            params[name] = random.uniform(low, high)
    return params


def build_model(dropout):
    return nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Dropout(dropout), nn.Linear(64, 1))


def run_trial(trial_id, params, log):
    log.info("trial %d params %s", trial_id, {k: round(v, 4) for k, v in params.items()})
    model = build_model(params["dropout"])
    opt = torch.optim.AdamW(model.parameters(), lr=params["lr"], weight_decay=params["weight_decay"], eps=params["eps"])
    x, y = torch.randn(64, 20), torch.randn(64, 1)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


def sample_regularisation(space):
    params = sample_trial(space)
    params["lr"], params["eps"] = 3e-4, 1e-8
    return params


def tune_weight_decay(n_trials, log):
    for t in range(n_trials):
        run_trial(t, sample_regularisation(SEARCH_SPACE), log)


def fixed_schedule_trial():
    params = sample_trial(SEARCH_SPACE)
    params["lr"], params["weight_decay"] = 1e-3, 0.01
    model = build_model(params["dropout"])
    return torch.optim.Adam(model.parameters(), lr=params["lr"], weight_decay=params["weight_decay"], eps=params["eps"])


logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
if V == 0:
    for trial in range(3):
        print(run_trial(trial, sample_trial(SEARCH_SPACE), logging.getLogger("sweep")))
elif V == 1:
    tune_weight_decay(4, logging.getLogger("sweep.wd"))
else:
    print("trial 0: lr/wd fixed, sampling eps and dropout", flush=True)
    print(fixed_schedule_trial())
