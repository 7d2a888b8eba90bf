"""Normalised images cached in a module-level dict filled by __getitem__: the cache grows with every
new index, separately in each DataLoader worker."""

import torch
from torch.utils.data import DataLoader, Dataset

_CACHE = {}


class Images(Dataset):
    def __init__(self, n=1000):
        self.raw = torch.randint(
            0, 256, (n, 3, 32, 32), dtype=torch.uint8, generator=torch.Generator().manual_seed(0)
        )

    def __len__(self):
        return len(self.raw)

    def __getitem__(self, i):
        if i not in _CACHE:
            _CACHE[i] = (self.raw[i].float() / 255 - 0.5) / 0.25
        return _CACHE[i], i % 10


dataset = Images()
loader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=2)
