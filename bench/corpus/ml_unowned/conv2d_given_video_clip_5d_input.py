"""Frame encoder Conv2d fed a 5D video clip (or 2D flattened images) instead of 4D batches: Expected 3D (unbatched) or 4D (batched) input to conv2d."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


class FrameEncoder(nn.Module):
    def __init__(self, in_ch=3, width=16):
        super().__init__()
        self.stem = nn.Conv2d(in_ch, width, kernel_size=3, stride=2, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        return self.pool(torch.relu(self.stem(x))).flatten(1)


class ClipClassifier(nn.Module):
    def __init__(self, in_ch=3):
        super().__init__()
        self.encoder = FrameEncoder(in_ch)
        self.head = nn.Linear(16, 5)

    def forward(self, clips):
        feats = self.encoder(clips)  # forgot to fold time into the batch dimension
        return self.head(feats)


if variant == 0:
    model, x = ClipClassifier(), torch.randn(2, 8, 3, 32, 32)       # (B, T, C, H, W)
elif variant == 1:
    model, x = ClipClassifier(), torch.randn(4, 16, 3, 64, 64)
else:
    model, x = ClipClassifier(in_ch=1), torch.randn(32, 28 * 28)    # flattened MNIST rows
print(f"batch {tuple(x.shape)}")
with torch.no_grad():
    logits = model(x)
