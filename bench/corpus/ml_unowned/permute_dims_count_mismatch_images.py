"""HWC-to-CHW `permute(2, 0, 1)` applied to a batch (N, H, W, C) or to a grayscale (H, W) image: number of dimensions in the tensor input does not match the length of the desired ordering of dimensions."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(0)

for i in range(12):
    if VARIANT == 1 and i == 5:
        img = rng.integers(0, 256, size=(64, 64), dtype=np.uint8)      # a grayscale scan in the folder
    else:
        img = rng.integers(0, 256, size=(64, 64, 3), dtype=np.uint8)
    np.save(f"img_{i:03d}.npy", img)


def to_tensor(img):
    return torch.from_numpy(img).permute(2, 0, 1).float().div(255)


class Images(Dataset):
    def __len__(self):
        return 12

    def __getitem__(self, i):
        return to_tensor(np.load(f"img_{i:03d}.npy")), i % 2


if VARIANT == 0:
    batch = np.stack([np.load(f"img_{i:03d}.npy") for i in range(8)])   # (N, H, W, C) for the exporter
    print("batch", batch.shape)
    x = to_tensor(batch)
elif VARIANT == 1:
    for step, (x, y) in enumerate(DataLoader(Images(), batch_size=4, num_workers=2)):
        print(f"step {step} batch {tuple(x.shape)}")
else:
    frames = torch.from_numpy(np.stack([np.load(f"img_{i:03d}.npy") for i in range(6)]))
    clip = frames.unsqueeze(0)                  # (1, T, H, W, C)
    print("clip", tuple(clip.shape))
    clip = clip.permute(0, 4, 1, 2)             # meant (0, 4, 1, 2, 3)
