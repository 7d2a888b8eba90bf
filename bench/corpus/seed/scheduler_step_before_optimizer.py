"""LR scheduler stepped from the logging path of a custom loop, before any optimizer.step(): PyTorch's order warning fails a -W error run."""
EXPECT = ["lr-scheduler-not-stepped"]
VARIANTS = 2

import sys
import warnings

import torch
import torch.nn as nn

v = int(sys.argv[1])
warnings.simplefilter("error")                       # CI: python -W error
model = nn.Linear(8, 2)
opt = torch.optim.AdamW(model.parameters(), lr=5e-5)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10) if v == 0 else torch.optim.lr_scheduler.LinearLR(opt, total_iters=100)
accum, log_every = [4, 8][v], 2
for step in range(20):
    loss = model(torch.randn(4, 8)).pow(2).mean() / accum
    loss.backward()
    if step % log_every == 0:
        print({"loss": round(loss.item(), 4), "learning_rate": sched.get_last_lr()[0], "step": step})
        sched.step()                                 # scheduler lives in the logging branch
    if (step + 1) % accum == 0:
        opt.step()
        opt.zero_grad()
