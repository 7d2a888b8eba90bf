"""Full-resolution photos (uint8, as decoded) resized to 224x224 in every __getitem__ with an
antialiased resize, what transforms.Resize does on tensors: its cost grows with the source
resolution."""

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class Photos(Dataset):
    def __init__(self, n=64):
        g = torch.Generator().manual_seed(0)
        self.photos = [torch.randint(0, 256, (3, 960, 1280), dtype=torch.uint8, generator=g) for _ in range(4)]
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        photo = self.photos[i % 4]  # uint8, as decode_jpeg returns it
        image = F.interpolate(photo[None], size=(224, 224), mode="bilinear", antialias=True)[0]
        return image.float().div(255), i % 10


dataset = Photos()
loader = DataLoader(dataset, batch_size=16, shuffle=True)
