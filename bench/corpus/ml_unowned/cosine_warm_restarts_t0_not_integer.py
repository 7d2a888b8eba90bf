"""CosineAnnealingWarmRestarts given a T_0 computed as a float (epochs * 0.25, steps / accumulation) or 0 (integer division), or T_mult=1.5: ValueError: Expected positive integer T_0, but got 7.5."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingWarmRestarts

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(5)

TRAIN_CFG = {"epochs": 30, "restart_fraction": 0.25, "lr": 3e-3}


def build_scheduler(optimizer, cfg):
    return CosineAnnealingWarmRestarts(optimizer, T_0=cfg["epochs"] * cfg["restart_fraction"], eta_min=1e-5)


def steps_per_cycle(n_samples, batch_size, grad_accum, cycles_per_epoch):
    updates_per_epoch = n_samples // batch_size // grad_accum
    return updates_per_epoch // cycles_per_epoch


class Trainer:
    def __init__(self, model, n_samples, log):
        self.opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
        t0 = steps_per_cycle(n_samples, batch_size=64, grad_accum=8, cycles_per_epoch=4)
        log.info("scheduler: restart every %d optimizer steps", t0)
        self.sched = CosineAnnealingWarmRestarts(self.opt, T_0=t0, T_mult=2)


def schedule_from_yaml_values(optimizer, t0, t_mult):
    return CosineAnnealingWarmRestarts(optimizer, T_0=t0, T_mult=t_mult)


model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 3))
if V == 0:
    opt = torch.optim.SGD(model.parameters(), lr=TRAIN_CFG["lr"], momentum=0.9)
    sched = build_scheduler(opt, TRAIN_CFG)
    for epoch in range(TRAIN_CFG["epochs"]):
        sched.step()
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    Trainer(model, n_samples=1800, log=logging.getLogger("trainer"))
else:
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    print("loaded scheduler section: T_0=10, T_mult=1.5", flush=True)
    sched = schedule_from_yaml_values(opt, 10, 1.5)
