"""Camera frames are stored as (H, W, 3) arrays and batched without moving the channel axis first."""
# beside: line3-mono-camera-frames-single-channel
# why: the frames do have 3 channels, in the last axis; the user's dataset forgets the HWC -> CHW permute, so the conv sees H as channels. No camera is monochrome.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
SIZE = {0: 96, 1: 128}[VARIANT]

os.makedirs("frames/line1", exist_ok=True)
rng = np.random.default_rng(VARIANT)
for i in range(16):
    np.save(f"frames/line1/{i:05d}.npy", rng.integers(0, 256, (SIZE, SIZE, 3), dtype=np.uint8))


class Frames(Dataset):
    def __init__(self, folder):
        self.files = sorted(os.path.join(folder, f) for f in os.listdir(folder))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        return torch.from_numpy(np.load(self.files[i])).float() / 255.0


torch.manual_seed(0)
model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 5))
with torch.no_grad():
    for batch in DataLoader(Frames("frames/line1"), batch_size=8, num_workers=2 if VARIANT == 1 else 0):
        print(model(batch).argmax(1))
