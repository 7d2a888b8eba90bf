"""Segmentation with 3 classes. The annotation tool exports 16-bit masks, loaded as int64 class ids."""

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


def read_mask(i):
    """A 16-bit mask as a PNG decoder returns it: uint16 class ids 0..2."""
    return np.random.default_rng(i).integers(0, 3, (32, 32)).astype(np.uint16)


class Segmentation(Dataset):
    def __len__(self):
        return 16

    def __getitem__(self, i):
        image = torch.rand(3, 32, 32, generator=torch.Generator().manual_seed(i))
        mask = torch.from_numpy(read_mask(i).astype(np.int64))
        return image, mask


dataset = Segmentation()
loader = DataLoader(dataset, batch_size=4)
