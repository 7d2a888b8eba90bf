"""torch.from_numpy on an image flipped with numpy slicing (negative strides) in a Dataset: At least one stride in the given numpy array is negative."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])


class FlipDataset(Dataset):
    def __len__(self):
        return 16

    def __getitem__(self, i):
        img = np.random.rand(32, 32, 3).astype(np.float32)
        if i % 2 == 1:
            img = img[:, ::-1] if variant != 1 else np.flip(img, axis=0)   # horizontal / vertical flip
        if variant == 2:
            img = img[..., ::-1]                                          # RGB -> BGR for the old checkpoint
        return torch.from_numpy(img).permute(2, 0, 1), i % 4


if __name__ == "__main__":
    loader = DataLoader(FlipDataset(), batch_size=4, num_workers=2 if variant != 0 else 0)
    for epoch in range(2):
        for step, (x, y) in enumerate(loader):
            print(f"epoch {epoch} step {step} {tuple(x.shape)}")
