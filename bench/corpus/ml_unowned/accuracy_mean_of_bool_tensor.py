"""Accuracy computed as (preds == labels).mean() on tensors (bool) or mean of integer counts: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Bool."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
n_classes, batch = [(4, 32), (10, 64), (3, 16)][variant]
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("train")

torch.manual_seed(0)
X = torch.randn(256, 20)
y = torch.randint(0, n_classes, (256,))
train = DataLoader(TensorDataset(X[:192], y[:192]), batch_size=batch, shuffle=True)
val = DataLoader(TensorDataset(X[192:], y[192:]), batch_size=batch)
model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, n_classes))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.no_grad()
def evaluate():
    model.eval()
    if variant == 2:
        correct = torch.stack([(model(xb).argmax(1) == yb).sum() for xb, yb in val])
        return correct.mean() / batch          # int64 per-batch counts
    preds = torch.cat([model(xb).argmax(1) for xb, _ in val])
    return (preds == y[192:]).mean()


for epoch in range(3):
    model.train()
    for xb, yb in train:
        loss = nn.functional.cross_entropy(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
    log.info("epoch %d train_loss %.4f", epoch, loss.item())
    log.info("epoch %d val_acc %.3f", epoch, evaluate())
