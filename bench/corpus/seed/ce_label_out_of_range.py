"""CrossEntropyLoss fed a label of -1 or == num_classes (unlabelled marker / class missing from the head)."""
EXPECT = ["cross-entropy-label-out-of-range"]
VARIANTS = 4

import logging
import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
num_classes = [5, 10, 3, 7][v]
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, num_classes))
criterion = nn.CrossEntropyLoss()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def batch(step):
    x = torch.randn(8, 16)
    y = torch.randint(0, num_classes, (8,))
    if step == 3:
        y[5] = -1 if v % 2 == 0 else num_classes   # -1 = "unlabelled" / a class the head does not have
    return x, y


def train_step(x, y):
    opt.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


if v == 0:
    x, y = batch(3)
    print(criterion(model(x), y))
elif v == 1:
    for step in range(10):
        print(f"step {step} loss {train_step(*batch(step)):.4f}")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("train")
    log.info("num_classes=%d, starting epoch 1", num_classes)
    try:
        for step in range(10):
            log.info("step %d loss %.4f", step, train_step(*batch(step)))
    except Exception:
        logging.exception("training failed at step %d", step)
        sys.exit(1)
