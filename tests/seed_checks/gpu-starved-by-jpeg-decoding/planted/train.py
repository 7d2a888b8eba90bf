"""Full-size compressed photos decoded and downscaled on the CPU in every __getitem__ (zlib standing
in for libjpeg), feeding a small CNN: the model waits for the loader."""

import zlib

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, Dataset

HEIGHT, WIDTH = 360, 480


def photo(seed):
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH]
    base = np.stack([np.sin(x / (40 + 10 * c) + seed) + np.cos(y / (30 + 5 * c)) for c in range(3)])
    return ((base + 2) * 60 + rng.integers(0, 8, base.shape)).astype(np.uint8)


class Photos(Dataset):
    def __init__(self, n=1000):
        self.n = n
        self.files = [zlib.compress(photo(s).tobytes(), 6) for s in range(8)]  # encoded, as on disk

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        raw = np.frombuffer(zlib.decompress(self.files[i % 8]), np.uint8).reshape(3, HEIGHT, WIDTH)
        image = torch.from_numpy(raw.copy()).float().div(255)
        image = F.interpolate(image[None], size=(64, 64), mode="bilinear", antialias=True)[0]
        return image, i % 10


torch.set_num_threads(1)  # one intra-op thread for the model, the other cores for loading
model = nn.Sequential(
    nn.Conv2d(3, 16, 3, stride=2, padding=1),
    nn.ReLU(),
    nn.Conv2d(16, 16, 3, stride=2, padding=1),
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(16, 10),
)
dataset = Photos()
loader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=2)
