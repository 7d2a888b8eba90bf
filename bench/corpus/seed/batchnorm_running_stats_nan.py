"""One batch with a NaN or Inf value passes BatchNorm in train mode; running_var/mean turn nan and every eval output is non-finite."""
EXPECT = ["batchnorm-running-var-zero"]
VARIANTS = 2

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
model = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(20):
    x = torch.randn(32, 8)
    if step == 7:
        x[3, 2] = [float("nan"), float("inf")][v]   # one corrupt sample (sensor dropout / overflowed float image)
    loss = nn.functional.cross_entropy(model(x), torch.randint(0, 2, (32,)))
    opt.zero_grad()
    if step != 7:
        loss.backward(); opt.step()
print("bn running_var:", model[1].running_var[:8])
model.eval()
with torch.no_grad():
    out = model(torch.randn(4, 8))
probe = {"min": out.min().item(), "max": out.max().item(), "finite": bool(torch.isfinite(out).all())}
print("after_bn1:", probe)
assert probe["finite"], f"non-finite eval output: {probe}"
