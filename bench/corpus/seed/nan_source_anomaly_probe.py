"""Loss turns NaN mid-training with no hint where; anomaly detection / a finite-check probe names the op (zero-variance division, sqrt of 0)."""
EXPECT = ["nan-source-unknown-numerical-probe"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)


class Standardize(nn.Module):
    def forward(self, x):
        return (x - x.mean(1, keepdim=True)) / x.std(1, keepdim=True)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = Standardize()
        self.proj = nn.Linear(16, 16, bias=False)
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 1)

    def forward(self, x):
        if v == 1:
            z = self.proj(x)
            x = z / (torch.sqrt((z ** 2).sum(1, keepdim=True)) + 1e-6)     # L2 norm by hand: sqrt'(0) = inf
        else:
            x = self.norm(x)
        return self.fc2(torch.relu(self.fc1(x)))


def batches():
    for step in range(6):
        x = torch.randn(8, 16)
        if step == 4:
            x[2] = 0.0 if v == 1 else 0.5   # a blank / constant sample: norm = 0, std = 0
        yield step, x, torch.randn(8, 1)


model = Net()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
if v == 2:
    def probe(name):
        def hook(module, inputs, output):
            assert torch.isfinite(output).all(), f"non-finite output after {name}: min={output.min()} max={output.max()}"
        return hook
    for name, m in model.named_children():
        m.register_forward_hook(probe(name))
with torch.autograd.set_detect_anomaly(v != 2):
    for step, x, y in batches():
        loss = nn.functional.mse_loss(model(x), y)
        print(f"step {step} loss {loss.item():.4f}")
        opt.zero_grad()
        loss.backward()
        opt.step()
