"""Segmentation on 1024x1024 float images, loaded with 16 workers that each prefetch 4 batches of 64:
every batch in flight travels through /dev/shm."""

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
loader = DataLoader(dataset, batch_size=64, num_workers=16, prefetch_factor=4, shuffle=True)
