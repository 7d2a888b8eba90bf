EXPECT = []
VARIANTS = 3

# The scheduler factor in the config was written as the divisor ("factor: 10" = divide the LR by
# 10, "factor: 2" = halve it), the way an older in-house scheduler took it.
import sys

import torch
import torch.nn as nn
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SCHED_YAML = [
    "scheduler:\n  type: plateau\n  mode: min\n  factor: 10\n  patience: 3\n",
    "scheduler:\n  type: plateau\n  mode: max\n  factor: 2\n  patience: 2\n  min_lr: 1.0e-6\n",
    "scheduler:\n  type: plateau\n  factor: 1.0\n  patience: 5\n",
][V]


def build_scheduler(optimizer, cfg):
    cfg = dict(cfg)
    cfg.pop("type")
    return torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, **cfg)


def main():
    with open("schedule.yaml", "w") as f:
        f.write(SCHED_YAML)
    cfg = yaml.safe_load(open("schedule.yaml"))
    model = nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    print("epoch 0 train_loss 0.6931 val_loss 0.6902")
    print("epoch 1 train_loss 0.6714 val_loss 0.6755")
    scheduler = build_scheduler(optimizer, cfg["scheduler"])
    for epoch in range(2, 10):
        scheduler.step(0.6 + 0.01 * epoch)


if __name__ == "__main__":
    main()
