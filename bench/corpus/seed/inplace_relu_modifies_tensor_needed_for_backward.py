"""In-place ops (ReLU(inplace=True), +=, sigmoid_) overwrite a tensor autograd saved: one of the variables needed for gradient computation has been modified by an inplace operation."""
EXPECT = ["gradcheck-misses-inplace"]
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


class ResidualBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.act = nn.ReLU(inplace=True)

    def forward(self, x):
        h = self.fc1(x)
        if variant == 0:
            out = torch.sigmoid(h)
            self.act(out)  # gate then rectify, reusing the buffer
            return self.fc2(out) + x
        if variant == 1:
            h = torch.tanh(h)
            h += x  # residual added in place
            return self.fc2(h)
        gate = torch.sigmoid(self.fc2(x))
        gate.mul_(0.5)
        return h * gate


dim = [16, 32, 8][variant]
model = nn.Sequential(ResidualBlock(dim), nn.Linear(dim, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    x, y = torch.randn(8, dim), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(x), y)
    print(f"step {step} forward ok, loss {loss.item():.4f}", flush=True)
    opt.zero_grad()
    loss.backward()
    opt.step()
