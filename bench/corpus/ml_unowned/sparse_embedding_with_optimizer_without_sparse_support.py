"""nn.Embedding/EmbeddingBag built with sparse=True (as recsys examples do) but trained with Adam/AdamW/RMSprop or weight decay: RuntimeError: Adam does not support sparse gradients, please consider SparseAdam instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
import torch.nn.functional as F
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


class MatrixFactorization(nn.Module):
    def __init__(self, n_users, n_items, dim=32):
        super().__init__()
        self.users = nn.Embedding(n_users, dim, sparse=True)
        self.items = nn.Embedding(n_items, dim, sparse=True)
        self.item_bias = nn.Embedding(n_items, 1, sparse=True)

    def forward(self, u, i):
        return (self.users(u) * self.items(i)).sum(-1) + self.item_bias(i).squeeze(-1)


class HashedTextClassifier(nn.Module):
    def __init__(self, buckets=2**16, dim=64, n_classes=5):
        super().__init__()
        self.bag = nn.EmbeddingBag(buckets, dim, mode="mean", sparse=True)
        self.fc = nn.Linear(dim, n_classes)

    def forward(self, ids, offsets):
        return self.fc(self.bag(ids, offsets))


def train_step(model, optimizer, loss):
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()


if V == 0:
    model = MatrixFactorization(500, 2000)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    print("training implicit-feedback MF: 500 users x 2000 items")
    for step in range(3):
        u, i, y = torch.randint(0, 500, (256,)), torch.randint(0, 2000, (256,)), torch.randint(0, 2, (256,)).float()
        loss = F.binary_cross_entropy_with_logits(model(u, i), y)
        print(f"step {step} loss {train_step(model, opt, loss):.4f}")
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("ticket_router")
    model = HashedTextClassifier()
    opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    ids = torch.randint(0, 2**16, (120,))
    offsets = torch.arange(0, 120, 12)
    log.info("epoch 0: 10 tickets per batch")
    loss = F.cross_entropy(model(ids, offsets), torch.randint(0, 5, (10,)))
    log.info("loss %.4f", train_step(model, opt, loss))
else:
    model = MatrixFactorization(300, 900, dim=16)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05, weight_decay=1e-5)
    ratings = torch.rand(128) * 4 + 1
    u, i = torch.randint(0, 300, (128,)), torch.randint(0, 900, (128,))
    print("explicit ratings MF with Adagrad + L2")
    train_step(model, opt, F.mse_loss(model(u, i), ratings))
