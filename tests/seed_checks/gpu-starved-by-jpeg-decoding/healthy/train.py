"""Photos decoded and resized to the training resolution once, offline, and stored as uint8 arrays;
__getitem__ only converts to float, so the small CNN never waits for data."""

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Photos(Dataset):
    def __init__(self, n=1000):
        rng = np.random.default_rng(0)
        self.images = torch.from_numpy(rng.integers(0, 256, (8, 3, 64, 64), dtype=np.uint8))  # pre-decoded
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return self.images[i % 8].float().div(255), i % 10


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
loader = DataLoader(dataset, batch_size=32, shuffle=True)  # in-memory lookups need no workers
