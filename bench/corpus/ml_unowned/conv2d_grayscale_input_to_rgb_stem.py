"""Single-channel (grayscale) images fed to a stem Conv2d built for RGB: Given groups=1, weight of size ... expected input ... to have 3 channels."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])
in_ch, size, width = [(1, 32, 16), (4, 48, 32), (1, 64, 8)][variant]  # 4 = RGBA PNGs


class ScanDataset(Dataset):
    def __len__(self):
        return 12

    def __getitem__(self, i):
        img = np.random.rand(size, size, in_ch).astype(np.float32)
        return torch.from_numpy(img).permute(2, 0, 1), i % 3


model = nn.Sequential(
    nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(width, 3),
)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loader = DataLoader(ScanDataset(), batch_size=4, shuffle=True)
for epoch in range(2):
    for step, (images, labels) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(f"epoch {epoch} step {step} loss {loss.item():.4f}")
