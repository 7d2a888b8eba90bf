"""ReduceLROnPlateau left at mode='min' but stepped with validation accuracy: LR is cut while accuracy still rises; a check on the LR fails."""
EXPECT = ["reduce-lr-on-plateau-mode"]
VARIANTS = 2

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=[2, 3][v])
val_acc = [[0.52, 0.61, 0.68, 0.72, 0.75, 0.77, 0.78], [0.40, 0.55, 0.63, 0.70, 0.74, 0.77, 0.79, 0.80]][v]
for epoch, acc in enumerate(val_acc):
    scheduler.step(acc)
    lr = opt.param_groups[0]["lr"]
    print(f"epoch {epoch}: val_acc={acc:.2f} lr={lr:.1e} best={scheduler.best:.2f}")
    assert lr == 1e-3, f"LR cut to {lr:.1e} at epoch {epoch} although val_acc improved to {acc:.2f}"
