"""RuntimeError: Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment: copy.deepcopy (an EMA copy, a best-model snapshot, per-fold clones, swa_utils.AveragedModel) of a model that uses the old torch.nn.utils.weight_norm."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import copy
import logging
import sys

import torch
from torch import nn
from torch.nn.utils import weight_norm

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
hidden = [64, 32, 48, 64][V]


class TCN(nn.Module):
    def __init__(self, c_in=8, c=hidden):
        super().__init__()
        self.c1 = weight_norm(nn.Conv1d(c_in, c, 3, padding=1))
        self.c2 = weight_norm(nn.Conv1d(c, c, 3, padding=2, dilation=2))
        self.head = nn.Linear(c, 1)

    def forward(self, x):
        h = torch.relu(self.c2(torch.relu(self.c1(x))))
        return self.head(h.mean(-1)).squeeze(-1)


X, y = torch.randn(64, 8, 30), torch.randn(64)
model = TCN()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def step(m):
    loss = nn.functional.mse_loss(m(X), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


if V == 0:
    ema = copy.deepcopy(model).eval()
    for p in ema.parameters():
        p.requires_grad_(False)
    for s in range(3):
        print(f"step {s} loss {step(model):.4f}")
elif V == 1:
    best, best_model = float("inf"), None
    for epoch in range(3):
        loss = step(model)
        print(f"epoch {epoch} loss {loss:.4f}", flush=True)
        if loss < best:
            best, best_model = loss, copy.deepcopy(model)
elif V == 2:
    def clone_for_folds(base, k):
        return [copy.deepcopy(base) for _ in range(k)]

    models = clone_for_folds(model, 5)
    print(len(models), "fold models")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("swa")
    from torch.optim.swa_utils import AveragedModel
    for s in range(2):
        log.info("warm-up step %d loss %.4f", s, step(model))
    try:
        swa_model = AveragedModel(model)
    except RuntimeError:
        log.exception("could not create the SWA model")
        raise
    log.info("swa ready")
