"""The UI-defect classifier is fed PNG screenshots saved with an alpha channel; np.array(Image.open(...)) gives 4 channels."""
# beside: line3-mono-camera-frames-single-channel
# why: the input has one channel too many (RGBA PNGs from the screenshot tool), not a monochrome camera giving one channel.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import torch
from PIL import Image
from torch import nn

VARIANT = int(sys.argv[1])
SIZE = {0: 96, 1: 64}[VARIANT]

os.makedirs("screenshots", exist_ok=True)
rng = np.random.default_rng(VARIANT)
for i in range(8):
    Image.fromarray(rng.integers(0, 256, (SIZE, SIZE, 4), dtype=np.uint8)).save(f"screenshots/shot_{i:03d}.png")

frames = [np.array(Image.open(f"screenshots/{name}")) for name in sorted(os.listdir("screenshots"))]
batch = torch.from_numpy(np.stack(frames)).permute(0, 3, 1, 2).float() / 255.0
if VARIANT == 1:
    print(f"batch of {len(frames)} screenshots")
torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 2))
print(model(batch).softmax(1)[:, 1])
