"""A classifier whose last layer is nn.Softmax trained with nn.CrossEntropyLoss: the loss stalls near log(1 + (C-1)/e); the user's convergence check fails."""
EXPECT = ["double-softmax-cross-entropy"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

v = int(sys.argv[1])
torch.manual_seed(v)
num_classes = [10, 5, 20][v]
X = torch.randn(1024, 16)
centers = torch.randn(num_classes, 16) * 3
y = torch.cdist(X, centers).argmin(1)                    # separable: a linear model can get ~0 loss


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, num_classes))

    def forward(self, x):
        logits = self.body(x)
        if v == 1:
            return F.softmax(logits, dim=-1)             # "so predict() returns probabilities"
        return logits


model = nn.Sequential(Net(), nn.Softmax(dim=1)) if v != 1 else Net()
criterion = nn.CrossEntropyLoss()
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(30):
    for i in range(0, 1024, 128):
        loss = criterion(model(X[i:i + 128]), y[i:i + 128])
        opt.zero_grad()
        loss.backward()
        opt.step()
    if epoch % 5 == 0 or epoch == 29:
        acc = (model(X).argmax(1) == y).float().mean().item()
        print(f"epoch {epoch:2d} loss {loss.item():.4f} acc {acc:.3f}")

assert loss.item() < 0.2, f"training loss stuck at {loss.item():.3f} after 30 epochs (train acc {acc:.3f})"
