"""A classifier whose ReduceLROnPlateau (mode="max") is stepped with the validation accuracy."""

import torch
from torch import nn
from torch.optim.lr_scheduler import ReduceLROnPlateau

torch.manual_seed(0)
model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = ReduceLROnPlateau(optimizer, mode="max", factor=0.1, patience=2)


def evaluate(epoch):
    return min(0.5 + 0.05 * epoch, 0.9)  # validation accuracy rises, then plateaus


if __name__ == "__main__":
    for epoch in range(15):
        val_acc = evaluate(epoch)
        scheduler.step(val_acc)
        print(epoch, val_acc, optimizer.param_groups[0]["lr"])
