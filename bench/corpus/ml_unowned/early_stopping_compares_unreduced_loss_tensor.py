"""Early stopping compares a per-sample validation loss (reduction='none') with the best value: Boolean value of Tensor with more than one value is ambiguous."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(variant)
model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
criterion = nn.MSELoss(reduction="none") if variant != 2 else nn.SmoothL1Loss(reduction="none")
x_train, y_train = torch.randn(64, 6), torch.randn(64, 1)
x_val, y_val = torch.randn([16, 8, 32][variant], 6), torch.randn([16, 8, 32][variant], 1)


def validate():
    model.eval()
    with torch.no_grad():
        return criterion(model(x_val), y_val)


best, patience = float("inf"), 0
for epoch in range(5):
    model.train()
    loss = criterion(model(x_train), y_train).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    val_loss = validate()
    print(f"epoch {epoch} train_loss {loss.item():.4f}")
    if val_loss < best:
        best, patience = val_loss, 0
        torch.save(model.state_dict(), "best.pt")
    else:
        patience += 1
