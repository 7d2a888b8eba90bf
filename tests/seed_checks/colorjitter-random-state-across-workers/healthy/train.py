"""Images jittered in __getitem__ with factors drawn from a generator seeded per sample (base seed,
epoch, index), so an image gets the same jitter whatever worker loads it. (ColorJitter.get_params
with an explicit generator.)"""

import torch
from torch.utils.data import DataLoader, Dataset


class ColorJitter:
    def __init__(self, brightness=0.4, contrast=0.4):
        self.brightness, self.contrast = brightness, contrast

    def __call__(self, image, generator):
        order = torch.randperm(2, generator=generator)
        b = float(torch.empty(1).uniform_(1 - self.brightness, 1 + self.brightness, generator=generator))
        c = float(torch.empty(1).uniform_(1 - self.contrast, 1 + self.contrast, generator=generator))
        for step in order.tolist():
            if step == 0:
                image = (image * b).clamp(0, 1)
            else:
                mean = image.mean()
                image = ((image - mean) * c + mean).clamp(0, 1)
        return image


class Photos(Dataset):
    def __init__(self, base_seed=42):
        self.images = torch.rand(16, 3, 8, 8, generator=torch.Generator().manual_seed(7))
        self.jitter = ColorJitter()
        self.base_seed, self.epoch = base_seed, 0

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(self.base_seed + self.epoch * len(self) + i)
        return self.jitter(self.images[i], g), i % 2


dataset = Photos()
loader = DataLoader(dataset, batch_size=4, shuffle=True, num_workers=2)
