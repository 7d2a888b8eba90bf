"""Model wrapped in nn.DataParallel, then its own attributes/methods accessed on the wrapper: no attribute."""
EXPECT = ["dataparallel-grads-none"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(10, 20), nn.ReLU())
        self.fc = nn.Linear(20, 3)
        self.num_classes = 3

    def forward(self, x):
        return self.fc(self.backbone(x))

    def freeze_backbone(self):
        for p in self.backbone.parameters():
            p.requires_grad_(False)


model = nn.DataParallel(Net())
loss = model(torch.randn(8, 10)).sum()
loss.backward()
if v == 0:
    print("fc grad norm:", model.fc.weight.grad.norm())
elif v == 1:
    model.freeze_backbone()
else:
    print("classes:", model.num_classes)
