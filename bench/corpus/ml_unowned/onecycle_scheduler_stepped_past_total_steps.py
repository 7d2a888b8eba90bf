"""OneCycleLR built with total_steps for one epoch's batches (or per-epoch steps) but stepped every batch over all epochs: Tried to step N times. The specified number of total steps is M."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import math
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
n, batch, epochs, accum = [(200, 16, 3, 1), (96, 32, 2, 1), (128, 8, 2, 4)][variant]

model = nn.Linear(10, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
loader = DataLoader(TensorDataset(torch.randn(n, 10), torch.randn(n, 1)), batch_size=batch, shuffle=True)
if variant == 2:   # counts optimizer steps but the scheduler is stepped per micro-batch
    total = epochs * math.ceil(len(loader) / accum)
else:              # written as if the scheduler were stepped once per epoch... or len(dataset)/batch floored
    total = epochs * (n // batch) if variant == 0 else epochs
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.5, total_steps=total)

for epoch in range(epochs):
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (step + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
        scheduler.step()
    print(f"epoch {epoch} lr {scheduler.get_last_lr()[0]:.4f} loss {loss.item():.4f}")
