"""Training repeated with only torch seeded (numpy shuffling / random init unseeded): the two runs' losses differ."""
EXPECT = ["nondeterministic-runs-seeds-not-fixed"]
VARIANTS = 2

import random
import sys

import numpy as np
import torch
import torch.nn as nn

v = int(sys.argv[1])
X, Y = torch.randn(256, 10), torch.randn(256, 1)


def train_once():
    torch.manual_seed(42)                               # numpy / random never seeded
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Dropout(0.1), nn.Linear(32, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(3):
        order = np.random.permutation(256) if v == 0 else random.sample(range(256), 256)
        for i in range(0, 256, 32):
            idx = torch.as_tensor(order[i:i + 32])
            loss = nn.functional.mse_loss(model(X[idx]), Y[idx])
            opt.zero_grad(); loss.backward(); opt.step()
    return loss.item()


run1, run2 = train_once(), train_once()
print(f"run 1 final loss {run1:.6f}, run 2 final loss {run2:.6f}")
torch.testing.assert_close(run1, run2)
