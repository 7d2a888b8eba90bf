"""Image batches reach the model unnormalised (uint8 cast with .float(), Normalize missing) or with NaN pixels; the batch-stats check fails."""
EXPECT = ["input-not-normalized-or-nonfinite"]
VARIANTS = 3

import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
rng = np.random.default_rng(v)
for i in range(16):
    img = rng.integers(0, 256, (32, 32, 3), dtype=np.uint8).astype(np.float32)
    if v == 1 and i == 11:
        img[4:8, 4:8] = np.nan                          # sensor dropout in a float image
    if v == 2 and i == 5:
        img[:] = 0                                      # all-black frame
    np.save(f"img_{i:04d}.npy", img)


class Images(Dataset):
    def __len__(self):
        return 16

    def __getitem__(self, i):
        x = torch.from_numpy(np.load(f"img_{i:04d}.npy")).permute(2, 0, 1).float()   # Normalize step removed
        if v == 1:
            x = (x / 255 - 0.45) / 0.225
        if v == 2:
            x = (x - x.mean()) / x.std()                # per-image standardisation
        return x


for step, x in enumerate(DataLoader(Images(), batch_size=4)):
    stats = {"mean": x.mean().item(), "std": x.std().item(), "min": x.min().item(), "max": x.max().item()}
    print(f"batch {step}: {stats}")
    assert torch.isfinite(x).all(), f"batch {step} has NaN/Inf pixels"
    assert abs(stats["mean"]) < 5 and stats["std"] < 10, f"batch {step} is not normalised: {stats}"
