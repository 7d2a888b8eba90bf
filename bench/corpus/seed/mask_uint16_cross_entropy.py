"""Segmentation masks saved as uint16 PNG (or converted like images: float, extra channel) fed to CrossEntropyLoss."""
EXPECT = ["mask-uint16-cross-entropy"]
VARIANTS = 4

import sys

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
C, H = [4, 21, 2, 6][v], [32, 64, 48, 16][v]
np.save("mask_0001.npy", np.random.default_rng(v).integers(0, C, (H, H)).astype(np.uint16))   # as read from a 16-bit PNG


class Seg(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        mask = np.load("mask_0001.npy")
        if v == 0:
            target = torch.from_numpy(mask)                           # stays uint16
        elif v == 1:
            target = torch.from_numpy(mask.astype(np.float32) / 65535)   # ToTensor-style scaling
        elif v == 2:
            target = torch.from_numpy(mask.astype(np.int64))[None]    # (1, H, W) like an image
        else:
            target = torch.tensor(mask)
        return torch.randn(3, H, H), target


model = nn.Conv2d(3, C, 3, padding=1)
criterion = nn.CrossEntropyLoss()
loader = DataLoader(Seg(), batch_size=2, num_workers=2 if v == 3 else 0)
for step, (img, target) in enumerate(loader):
    loss = criterion(model(img), target)
    loss.backward()
    print(step, loss.item())
