"""BCEWithLogitsLoss with -1 labels goes negative; a training-loop sanity check on the loss fails."""
EXPECT = ["bce-labels-out-of-range"]
VARIANTS = 2

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
x = torch.randn(64, 10)
y = torch.randint(0, 2, (64, 4)).float()
y[torch.rand(64, 4) < 0.3] = -1.0          # -1 = "label unknown"
model = nn.Linear(10, 4)
opt = torch.optim.SGD(model.parameters(), lr=[0.5, 2.0][v])
criterion = nn.BCEWithLogitsLoss()
for step in range(200):
    opt.zero_grad()
    logits = model(x)
    loss = criterion(logits, y)
    loss.backward()
    opt.step()
    if step % 10 == 0:
        print(f"step {step} loss {loss.item():.4f} max|logit| {logits.abs().max().item():.1f}")
    assert loss.item() >= 0, f"negative BCE loss {loss.item():.4f} at step {step}"
