"""Optimizer built from parameters that are all frozen, filtered by a module name the model no longer has, or from an exhausted generator: optimizer got an empty parameter list."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


class Classifier(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 64))
        self.heads = nn.ModuleList([nn.Linear(64, n_classes)])

    def forward(self, x):
        return self.heads[0](self.backbone(x))


def freeze_backbone(model):
    for p in model.parameters():  # meant model.backbone.parameters()
        p.requires_grad = False


model = Classifier(5)
if variant == 0:
    freeze_backbone(model)
    trainable = [p for p in model.parameters() if p.requires_grad]
    print(f"trainable tensors: {len(trainable)}")
    optimizer = torch.optim.AdamW(trainable, lr=3e-4)
elif variant == 1:
    head_params = [p for name, p in model.named_parameters() if name.startswith("classifier")]  # renamed to heads
    print(f"fine-tuning {len(head_params)} head tensors")
    optimizer = torch.optim.SGD(head_params, lr=0.01, momentum=0.9)
else:
    params = model.parameters()
    print("parameter count:", sum(p.numel() for p in params))
    optimizer = torch.optim.Adam(params, lr=1e-3)
print(optimizer)
