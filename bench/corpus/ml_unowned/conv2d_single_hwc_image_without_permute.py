"""One decoded image (H, W, C) from PIL/numpy passed to a CNN at inference without permute/unsqueeze: Conv2d takes it as unbatched (C=H): expected input[1, H, W, 3] to have 3 channels, but got H channels instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])
h, w = [(224, 224), (120, 160), (96, 128)][variant]

model = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
    nn.Flatten(), nn.Linear(32, 5),
)
model.eval()

# what Image.open(path).convert("RGB") gives through np.asarray
rng = np.random.default_rng(variant)
np.save("frame.npy", rng.integers(0, 256, size=(h, w, 3), dtype=np.uint8))


def preprocess(arr):
    x = torch.from_numpy(arr).float() / 255.0
    mean = torch.tensor([0.485, 0.456, 0.406])
    std = torch.tensor([0.229, 0.224, 0.225])
    return (x - mean) / std  # broadcasts over the last (channel) axis, so the layout looks "right"


@torch.no_grad()
def predict(path):
    x = preprocess(np.load(path))
    print(f"input {tuple(x.shape)} {x.dtype}")
    logits = model(x)
    return logits.softmax(-1).argmax(-1).item()


if variant == 2:
    np.save("frame_0001.npy", np.load("frame.npy")[:, ::-1].copy())
    for name in ["frame_0001.npy", "frame.npy"]:
        print(f"{name}: class {predict(name)}")
else:
    print("predicted class", predict("frame.npy"))
