"""A test helper imported by the training script calls torch.set_default_dtype(torch.float64) at import; the model was built before, the batch tensors are made after."""
# beside: feature-cache-npy-float64-into-float32-mlp
# why: the Double input comes from a global default dtype switched by a helper module, not from a float64 feature cache read with torch.from_numpy.
EXPECT = []
VARIANTS = 2

import os
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])

HELPER = '''\
"""Numerical checks for the custom layers (used by the tests)."""
import torch

torch.set_default_dtype(torch.float64)  # gradcheck needs double precision


def check_layer(layer, x):
    return torch.autograd.gradcheck(layer, (x,))
'''


def main():
    with open("numcheck.py", "w") as fh:
        fh.write(HELPER)
    sys.path.insert(0, os.getcwd())
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
    import numcheck  # noqa: F401  (pulled in for a sanity check of the custom layers)

    rows = [[0.1 * i + j for j in range(6)] for i in range({0: 32, 1: 128}[VARIANT])]
    x = torch.tensor(rows)
    y = torch.tensor([sum(r) for r in rows]).unsqueeze(1)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range({0: 1, 1: 3}[VARIANT]):
        if VARIANT == 1:
            print(f"epoch {epoch + 1}/3")
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
