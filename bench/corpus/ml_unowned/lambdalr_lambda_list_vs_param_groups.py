"""LambdaLR / MultiplicativeLR given a list of lr_lambdas whose length differs from the optimizer's param groups (backbone/head groups, a no-decay group added later): ValueError: Expected 2 lr_lambdas, but got 1."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging
import math

import torch
from torch import nn

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("finetune")
torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(32, 64), nn.LayerNorm(64), nn.ReLU(), nn.Linear(64, 64))
        self.head = nn.Linear(64, 5)

    def forward(self, x):
        return self.head(self.backbone(x))


def warmup_cosine(total, warmup):
    def fn(step):
        if step < warmup:
            return (step + 1) / warmup
        return 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, total - warmup)))
    return fn


def param_groups(model, base_lr):
    if V == 1:
        decay = [p for n, p in model.backbone.named_parameters() if p.ndim > 1]
        no_decay = [p for n, p in model.backbone.named_parameters() if p.ndim <= 1]
        return [
            {"params": decay, "lr": base_lr * 0.1, "weight_decay": 0.01},
            {"params": no_decay, "lr": base_lr * 0.1, "weight_decay": 0.0},
            {"params": model.head.parameters(), "lr": base_lr},
        ]
    return [
        {"params": model.backbone.parameters(), "lr": base_lr * 0.1},
        {"params": model.head.parameters(), "lr": base_lr},
    ]


def make_scheduler(optimizer, total_steps):
    if V == 0:
        # one schedule for "the" learning rate, written when the optimizer had a single group
        return torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda=[warmup_cosine(total_steps, 50)])
    if V == 1:
        backbone = warmup_cosine(total_steps, 100)
        head = warmup_cosine(total_steps, 10)
        return torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda=[backbone, head])
    return torch.optim.lr_scheduler.MultiplicativeLR(optimizer, lr_lambda=[lambda e: 0.95, lambda e: 0.9, lambda e: 1.0])


def main():
    model = Classifier()
    optimizer = torch.optim.AdamW(param_groups(model, 3e-4), lr=3e-4)
    log.info("optimizer: %d param groups, lrs %s", len(optimizer.param_groups),
             [g["lr"] for g in optimizer.param_groups])
    steps_per_epoch, epochs = 40, 5
    log.info("total steps %d", steps_per_epoch * epochs)
    scheduler = make_scheduler(optimizer, steps_per_epoch * epochs)
    for step in range(steps_per_epoch * epochs):
        x, y = torch.randn(16, 32), torch.randint(0, 5, (16,))
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()


if __name__ == "__main__":
    main()
