"""Images jittered in __getitem__ the way torchvision's ColorJitter does it: the factors come from
torch's global RNG, which every DataLoader worker seeds with base_seed + worker_id. (A copy of
ColorJitter.get_params, since torchvision is not needed for the point.)"""

import torch
from torch.utils.data import DataLoader, Dataset


class ColorJitter:
    def __init__(self, brightness=0.4, contrast=0.4):
        self.brightness, self.contrast = brightness, contrast

    def __call__(self, image):
        order = torch.randperm(2)
        b = float(torch.empty(1).uniform_(1 - self.brightness, 1 + self.brightness))
        c = float(torch.empty(1).uniform_(1 - self.contrast, 1 + self.contrast))
        for step in order.tolist():
            if step == 0:
                image = (image * b).clamp(0, 1)
            else:
                mean = image.mean()
                image = ((image - mean) * c + mean).clamp(0, 1)
        return image


class Photos(Dataset):
    def __init__(self):
        self.images = torch.rand(16, 3, 8, 8, generator=torch.Generator().manual_seed(7))
        self.jitter = ColorJitter()

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.jitter(self.images[i]), i % 2


dataset = Photos()
loader = DataLoader(dataset, batch_size=4, shuffle=True, num_workers=2)
