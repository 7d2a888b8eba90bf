"""Spatial transformer / affine augmentation building theta with the wrong shape for F.affine_grid (localisation head reshaped to (B, 3, 2), full 3x3 homographies, 2x3 matrices for a 3-D volume): Expected a batch of 2D affine matrices of shape Nx2x3 for size ... Got torch.Size([8, 3, 2])."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)


class STN(nn.Module):
    """Localisation net -> affine params -> resampled input -> classifier."""

    def __init__(self, channels=1, size=28, volumetric=False):
        super().__init__()
        self.volumetric = volumetric
        conv, pool = (nn.Conv3d, nn.MaxPool3d) if volumetric else (nn.Conv2d, nn.MaxPool2d)
        self.loc = nn.Sequential(conv(channels, 8, 5, padding=2), pool(2), nn.ReLU(), nn.Flatten(),
                                 nn.LazyLinear(32), nn.ReLU(), nn.Linear(32, 6))
        self.loc[-1].weight.data.zero_()
        self.loc[-1].bias.data.copy_(torch.tensor([1, 0, 0, 0, 1, 0], dtype=torch.float))
        self.cls = nn.Sequential(nn.Flatten(), nn.LazyLinear(10))

    def forward(self, x):
        params = self.loc(x)
        theta = params.view(-1, 3, 2)  # should be view(-1, 2, 3)
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return self.cls(F.grid_sample(x, grid, align_corners=False))


class VolumeSTN(STN):
    def forward(self, x):
        theta = self.loc(x).view(-1, 2, 3)  # copied from the 2-D model
        grid = F.affine_grid(theta, x.size(), align_corners=False)
        return self.cls(F.grid_sample(x, grid, align_corners=False))


def random_homography(batch, max_deg=15.0, max_shift=0.1):
    ang = (torch.rand(batch) * 2 - 1) * math.radians(max_deg)
    tx, ty = (torch.rand(2, batch) * 2 - 1) * max_shift
    H = torch.zeros(batch, 3, 3)
    H[:, 0, 0], H[:, 0, 1], H[:, 0, 2] = ang.cos(), -ang.sin(), tx
    H[:, 1, 0], H[:, 1, 1], H[:, 1, 2] = ang.sin(), ang.cos(), ty
    H[:, 2, 2] = 1.0
    return H


def gpu_augment(images):
    """Random rotation + shift on the whole batch (cv2-style 3x3 matrices)."""
    H = random_homography(images.shape[0])
    grid = F.affine_grid(H, images.shape, align_corners=False)
    return F.grid_sample(images, grid, padding_mode="reflection", align_corners=False)


if V == 0:
    data = TensorDataset(torch.randn(64, 1, 28, 28), torch.randint(0, 10, (64,)))
    model = STN()
elif V == 1:
    data = TensorDataset(torch.rand(48, 3, 32, 32), torch.randint(0, 10, (48,)))
    model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(4), nn.Flatten(), nn.Linear(256, 10))
else:
    data = TensorDataset(torch.randn(16, 1, 16, 32, 32), torch.randint(0, 10, (16,)))
    model = VolumeSTN(volumetric=True)

loader = DataLoader(data, batch_size=8, shuffle=True)
opt = None  # created after the first forward (LazyLinear)
for epoch in range(2):
    for step, (x, y) in enumerate(loader):
        if V == 1:
            x = gpu_augment(x)
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        if opt is None:
            opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} step {step} loss {loss.item():.4f}", flush=True)
