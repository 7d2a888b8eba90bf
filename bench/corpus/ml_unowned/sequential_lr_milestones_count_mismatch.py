"""Composing warm-up and decay with SequentialLR but giving as many milestones as schedulers (a milestone for the end of training too), or one too few: Sequential Schedulers expects number of schedulers provided to be one more than the number of milestone points."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
import yaml
from torch import nn
from torch.optim import lr_scheduler

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(name)s: %(message)s")
log = logging.getLogger("train")

CONFIG = """
optimizer: {lr: 0.0005, weight_decay: 0.01}
schedule:
  - {type: linear_warmup, steps: 200}
  - {type: constant, steps: 800}
  - {type: cosine, steps: 3000}
"""


def build_scheduler(opt, phases):
    scheds, milestones, t = [], [], 0
    for phase in phases:
        if phase["type"] == "linear_warmup":
            scheds.append(lr_scheduler.LinearLR(opt, start_factor=0.01, total_iters=phase["steps"]))
        elif phase["type"] == "constant":
            scheds.append(lr_scheduler.ConstantLR(opt, factor=1.0, total_iters=phase["steps"]))
        else:
            scheds.append(lr_scheduler.CosineAnnealingLR(opt, T_max=phase["steps"]))
        t += phase["steps"]
        milestones.append(t)
    log.info("phases %s milestones %s", [p["type"] for p in phases], milestones)
    return lr_scheduler.SequentialLR(opt, schedulers=scheds, milestones=milestones)


model = nn.Linear(16, 4)
opt = torch.optim.AdamW(model.parameters(), lr=5e-4)
if variant == 0:
    warmup_steps, total_steps = 500, 10000
    warmup = lr_scheduler.LinearLR(opt, start_factor=0.1, total_iters=warmup_steps)
    decay = lr_scheduler.CosineAnnealingLR(opt, T_max=total_steps - warmup_steps)
    sched = lr_scheduler.SequentialLR(opt, [warmup, decay], milestones=[warmup_steps, total_steps])
elif variant == 1:
    cfg = yaml.safe_load(CONFIG)
    log.info("loaded config: lr=%s", cfg["optimizer"]["lr"])
    sched = build_scheduler(opt, cfg["schedule"])
else:
    warmup = lr_scheduler.LinearLR(opt, start_factor=0.05, total_iters=100)
    hold = lr_scheduler.ConstantLR(opt, factor=1.0, total_iters=400)
    decay = lr_scheduler.ExponentialLR(opt, gamma=0.999)
    sched = lr_scheduler.SequentialLR(opt, [warmup, hold, decay], milestones=[100])
for step in range(3):
    opt.step()
    sched.step()
    log.info("step %d lr %.6f", step, sched.get_last_lr()[0])
