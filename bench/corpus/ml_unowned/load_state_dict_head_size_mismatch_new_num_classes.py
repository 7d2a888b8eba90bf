"""Fine-tuning loads a checkpoint whose classifier head was trained with a different number of classes: Error(s) in loading state_dict ... size mismatch for the head."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
old_classes, new_classes, head_name = [(10, 5, "fc"), (1000, 37, "classifier"), (2, 3, "head")][variant]


class Net(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        setattr(self, head_name, nn.Linear(8, num_classes))

    def forward(self, x):
        return getattr(self, head_name)(self.backbone(x))


torch.save(Net(old_classes).state_dict(), "pretrained.pth")
print(f"pretrained on {old_classes} classes; fine-tuning on {new_classes}")


def build_model(num_classes, checkpoint):
    model = Net(num_classes)
    state = torch.load(checkpoint, map_location="cpu")
    model.load_state_dict(state)
    return model


model = build_model(new_classes, "pretrained.pth")
