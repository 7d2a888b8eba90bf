"""A forward that freezes the backbone with no_grad / set_grad_enabled(False) / inference_mode and leaves the head inside it."""
EXPECT = ["no-grad-left-open-in-forward"]
VARIANTS = 4

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])


class FrozenBackboneClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 64))
        self.head = nn.Linear(64, 5)

    def forward(self, x):
        if v == 0:
            with torch.no_grad():
                feats = self.backbone(x)
                logits = self.head(feats)              # head indented into the no_grad block
            return logits
        if v == 1:
            torch.set_grad_enabled(False)
            feats = self.backbone(x)
            return self.head(feats)
        if v == 2:
            with torch.inference_mode():
                feats = self.backbone(x)
            return self.head(feats)
        return self.head(self.backbone(x))


if v == 3:
    FrozenBackboneClassifier.forward = torch.no_grad()(FrozenBackboneClassifier.forward)

model = FrozenBackboneClassifier()
opt = torch.optim.SGD(model.head.parameters(), lr=0.01)
for step in range(3):
    x, y = torch.randn(16, 32), torch.randint(0, 5, (16,))
    loss = nn.functional.cross_entropy(model(x), y)
    print(f"step {step} loss={loss.item():.4f} requires_grad={loss.requires_grad}")
    opt.zero_grad()
    loss.backward()
    opt.step()
