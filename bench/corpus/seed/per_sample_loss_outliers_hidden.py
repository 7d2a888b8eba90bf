"""Batch-mean loss hides a few mislabelled samples: inverse-loss sample weights (not detached) freeze training at ~1.0, or the loss spikes at the same steps every epoch; the user's checks fail."""
EXPECT = ["reduction-mean-hides-outliers"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
n, C = 1024, 4
X = torch.randn(n, 20)
y = (X[:, :C] * 2).argmax(1)
bad = torch.randperm(n)[: [10, 8, 12][v]]
y[bad] = (y[bad] + 1) % C                                   # a few mislabelled rows in the export
model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, C))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
criterion = nn.CrossEntropyLoss(reduction="none" if v != 1 else "mean")

epochs = 15 if v == 1 else 4
history = {}
for epoch in range(epochs):
    for step, i in enumerate(range(0, n, 32)):              # no shuffling: the same batches every epoch
        xb, yb = X[i:i + 32], y[i:i + 32]
        if v == 1:
            loss = criterion(model(xb), yb)
        else:
            losses = criterion(model(xb), yb)
            sample_weights = 1.0 / (losses + 1e-6)          # "down-weight noisy samples"
            loss = (losses * sample_weights).mean()
        opt.zero_grad(); loss.backward(); opt.step()
        history.setdefault(epoch, []).append(loss.item())
    ep = torch.tensor(history[epoch])
    print(f"epoch {epoch}: mean loss {ep.mean():.4f}, max {ep.max():.4f} at step {ep.argmax().item()}")

if v == 1:
    spikes = [[s for s, l in enumerate(history[e]) if l > 3 * torch.tensor(history[e]).median()] for e in (epochs - 2, epochs - 1)]
    assert not spikes[0], f"loss spikes at steps {spikes[0]} in epoch {epochs - 2} and {spikes[1]} in epoch {epochs - 1}: the same batches every epoch"
first, last = sum(history[0]) / len(history[0]), sum(history[epochs - 1]) / len(history[epochs - 1])
acc = (model(X).argmax(1) == y).float().mean().item()
assert last < 0.5 * first, f"training loss went from {first:.4f} to {last:.4f} in {epochs} epochs (train acc {acc:.3f}): not learning"
