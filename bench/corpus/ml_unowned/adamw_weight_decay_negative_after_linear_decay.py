EXPECT = []
VARIANTS = 3

# Weight decay is annealed linearly to zero over the planned epochs, and the optimizer is rebuilt
# at every stage boundary; the run was resumed with more epochs than the plan, so the annealed value
# goes below zero when the optimizer is rebuilt for the extra stage.
import logging
import sys

import torch
import torch.nn as nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

PLAN = [
    {"base_wd": 0.05, "planned_epochs": 5, "epochs": 9, "stage_every": 3},
    {"base_wd": 0.01, "planned_epochs": 4, "epochs": 6, "stage_every": 1},
    {"base_wd": 0.1, "planned_epochs": 9, "epochs": 12, "stage_every": 2},
][V]

log = logging.getLogger("stages")


def weight_decay_at(epoch):
    return PLAN["base_wd"] * (1 - epoch / PLAN["planned_epochs"])


def build_optimizer(model, epoch):
    wd = weight_decay_at(epoch)
    decay = [p for n, p in model.named_parameters() if p.ndim > 1]
    no_decay = [p for n, p in model.named_parameters() if p.ndim <= 1]
    return torch.optim.AdamW([{"params": decay}, {"params": no_decay, "weight_decay": 0.0}],
                             lr=1e-3, weight_decay=wd)


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(12, 48), nn.ReLU(), nn.Linear(48, 3))
    x, y = torch.randn(96, 12), torch.randint(0, 3, (96,))
    optimizer = None
    for epoch in range(PLAN["epochs"]):
        if epoch % PLAN["stage_every"] == 0:
            log.info("epoch %d: new stage, weight_decay=%.4f", epoch, weight_decay_at(epoch))
            optimizer = build_optimizer(model, epoch)
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        log.info("epoch %d loss %.4f", epoch, loss.item())


if __name__ == "__main__":
    main()
