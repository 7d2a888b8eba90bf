"""Checkpoint saved from nn.DataParallel/DDP ('module.' prefix) loaded into the bare model."""
EXPECT = ["load-state-dict-strict-false-missing-keys"]
VARIANTS = 4

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU())
        self.fc = nn.Linear(8, [10, 5, 2, 100][v])

    def forward(self, x):
        return self.fc(self.backbone(x).mean((2, 3)))


torch.save(nn.DataParallel(Net()).state_dict(), "pretrained.pt")     # the training job wrapped the model
model = Net()
before = model.fc.weight.clone()
if v in (0, 1):
    model.load_state_dict(torch.load("pretrained.pt"))
elif v == 2:
    ckpt = {"epoch": 30, "state_dict": torch.load("pretrained.pt")}
    model.load_state_dict(ckpt["state_dict"], strict=True)
else:
    result = model.load_state_dict(torch.load("pretrained.pt"), strict=False)
    print(result)
    assert not torch.equal(before, model.fc.weight), "fc.weight unchanged after loading pretrained.pt"
