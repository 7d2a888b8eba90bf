"""Segmentation on 1024x1024 float images, loaded with 2 workers that each prefetch 2 batches of 8."""

import torch
from torch.utils.data import DataLoader, Dataset


class Tiles(Dataset):
    def __len__(self):
        return 10_000

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        image = torch.rand(3, 1024, 1024, generator=g)
        mask = (image[0] > 0.5).long()
        return image, mask


dataset = Tiles()
loader = DataLoader(dataset, batch_size=8, num_workers=2, prefetch_factor=2, shuffle=True)
