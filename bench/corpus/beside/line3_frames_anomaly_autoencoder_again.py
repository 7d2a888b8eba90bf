"""A teammate's anomaly autoencoder scores every line's frames, including line 3's exports from the new monochrome camera."""
# beside: line3-mono-camera-frames-single-channel
# why: line 3's exporter writes single-channel (H, W) frames and the RGB-trained encoder gets them unchanged, exactly the entry's cause and fix.
EXPECT = ["line3-mono-camera-frames-single-channel"]
VARIANTS = 2

import os
import sys

import numpy as np
import torch
from torch import nn

VARIANT = int(sys.argv[1])
SIZE = {0: 96, 1: 64}[VARIANT]


def export_line(line, mono):
    os.makedirs(f"frames/{line}", exist_ok=True)
    rng = np.random.default_rng(int(line[-1]))
    for i in range(12):
        shape = (SIZE, SIZE) if mono else (SIZE, SIZE, 3)
        np.save(f"frames/{line}/{line}_{i:05d}.npy", rng.integers(0, 256, shape, dtype=np.uint8))


def load_batch(line):
    frames = []
    for name in sorted(os.listdir(f"frames/{line}")):
        a = np.load(f"frames/{line}/{name}").astype(np.float32) / 255.0
        frames.append(a[None] if a.ndim == 2 else a.transpose(2, 0, 1))
    return torch.from_numpy(np.stack(frames))


torch.manual_seed(0)
encoder = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU(), nn.Conv2d(8, 16, 3, stride=2, padding=1))
decoder = nn.Sequential(nn.ConvTranspose2d(16, 8, 4, stride=2, padding=1), nn.ReLU(), nn.ConvTranspose2d(8, 3, 4, stride=2, padding=1))
for line in ("line2", "line3"):
    export_line(line, mono=(line == "line3"))
with torch.no_grad():
    for line in ("line2", "line3"):
        x = load_batch(line)
        err = ((decoder(encoder(x)) - x) ** 2).mean(dim=(1, 2, 3))
        print(f"{line}: mean reconstruction error {err.mean():.4f}")
