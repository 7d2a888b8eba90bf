"""The defect classifier's training loop logs validation accuracy with sklearn, passing the sigmoid of the logits straight to accuracy_score."""
# beside: weekly-eval-batch-scorer-v2-pred-is-probability
# why: no score file and no change of a column's meaning upstream; the training loop forgot to threshold its own sigmoid outputs, so the fix is (probs > 0.5) in the metric call.
EXPECT = []
VARIANTS = 2

import sys

import torch
from sklearn.metrics import accuracy_score
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])
torch.manual_seed(VARIANT)
N_FEATURES = {0: 16, 1: 32}[VARIANT]


def make_split(n):
    X = torch.randn(n, N_FEATURES)
    y = (X[:, :3].sum(dim=1) + 0.5 * torch.randn(n) > 0).float()
    return TensorDataset(X, y)


def validate(model, loader):
    model.eval()
    ys, probs = [], []
    with torch.no_grad():
        for X, y in loader:
            probs.append(torch.sigmoid(model(X).squeeze(1)))
            ys.append(y)
    return accuracy_score(torch.cat(ys).int().numpy(), torch.cat(probs).numpy())


def train(epochs):
    model = nn.Sequential(nn.Linear(N_FEATURES, 32), nn.ReLU(), nn.Linear(32, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    train_dl = DataLoader(make_split(512), batch_size=64, shuffle=True)
    val_dl = DataLoader(make_split(128), batch_size=64)
    for epoch in range(epochs):
        model.train()
        for X, y in train_dl:
            loss = nn.functional.binary_cross_entropy_with_logits(model(X).squeeze(1), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} train loss {loss.item():.4f}")
        print(f"epoch {epoch} val acc {validate(model, val_dl):.3f}")


if __name__ == "__main__":
    train({0: 3, 1: 5}[VARIANT])
