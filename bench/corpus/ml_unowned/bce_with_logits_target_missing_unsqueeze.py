"""Binary classifier whose head returns (B, 1) logits trained with BCEWithLogitsLoss against (B,) targets, or a .squeeze() that turns a last batch of one into a scalar: ValueError: Target size (torch.Size([B])) must be the same as input size (torch.Size([B, 1]))."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
torch.manual_seed(0)


class FraudScorer(nn.Module):
    def __init__(self, n_in, squeeze=False):
        super().__init__()
        self.squeeze = squeeze
        self.net = nn.Sequential(nn.Linear(n_in, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, x):
        out = self.net(x)
        return out.squeeze() if self.squeeze else out


def train_one_epoch(model, loader, criterion, opt, epoch):
    model.train()
    for step, (xb, yb) in enumerate(loader):
        loss = criterion(model(xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    n, d = [(128, 10), (200, 30), (65, 16)][variant]
    X = torch.from_numpy(np.random.default_rng(0).normal(size=(n, d))).float()
    y = (X[:, 0] > 0).float()
    if variant == 0:
        model = FraudScorer(d)
        loss = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(3.0))(model(X[:16]), y[:16])
    elif variant == 1:
        loader = DataLoader(TensorDataset(X, y), batch_size=32, shuffle=True, num_workers=2)
        model = FraudScorer(d)
        train_one_epoch(model, loader, nn.BCEWithLogitsLoss(), torch.optim.Adam(model.parameters()), 0)
    else:
        loader = DataLoader(TensorDataset(X, y), batch_size=16)      # 65 rows: last batch has one row
        model = FraudScorer(d, squeeze=True)
        opt = torch.optim.Adam(model.parameters())
        for epoch in range(2):
            train_one_epoch(model, loader, nn.BCEWithLogitsLoss(), opt, epoch)
