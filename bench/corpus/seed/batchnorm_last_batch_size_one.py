"""BatchNorm in train mode receives a batch of one sample (short last batch with drop_last=False)."""
EXPECT = ["batchnorm-small-batch-oscillation"]
VARIANTS = 4

import logging
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

v = int(sys.argv[1])
n, bs, width = [(33, 16, 512), (49, 8, 256), (17, 16, 128), (65, 32, 64)][v]
model = nn.Sequential(nn.Linear(20, width), nn.BatchNorm1d(width), nn.ReLU(), nn.Linear(width, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.01)
loader = DataLoader(TensorDataset(torch.randn(n, 20), torch.randint(0, 4, (n,))), batch_size=bs,
                    shuffle=True, num_workers=2 if v == 2 else 0)


def train_epoch(epoch):
    model.train()
    for i, (x, y) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad(); loss.backward(); opt.step()
        print(f"epoch {epoch} iter {i} batch={len(x)} loss={loss.item():.4f}")


if v == 3:
    logging.basicConfig(level=logging.INFO)
    try:
        train_epoch(0)
    except ValueError:
        logging.exception("epoch 0 failed")
        sys.exit(1)
else:
    for epoch in range(2):
        train_epoch(epoch)
