"""F.one_hot(y) without num_classes takes its width from the batch's largest label, so a batch missing the top class gives (B, 4) targets for (B, 5) logits."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])
torch.manual_seed(0)
num_classes = [5, 10, 3][VARIANT]

n = 96
y = torch.arange(n) % num_classes
y[-16:] = y[-16:].clamp(max=num_classes - 2)   # the last batch has no sample of the top class
X = torch.randn(n, 12)
loader = DataLoader(TensorDataset(X, y), batch_size=16)
model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, num_classes))
opt = torch.optim.SGD(model.parameters(), lr=0.1)

if VARIANT in (0, 1):
    for step, (xb, yb) in enumerate(loader):
        logits = model(xb)
        target = F.one_hot(yb).float()
        if VARIANT == 1:
            target = target * 0.9 + 0.1 / num_classes   # label smoothing by hand
        loss = F.binary_cross_entropy_with_logits(logits, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")
else:
    model.eval()
    onehots = []
    with torch.no_grad():
        for xb, yb in loader:
            onehots.append(F.one_hot(yb))
    counts = torch.cat(onehots).sum(0)
    print("per-class support", counts.tolist())
