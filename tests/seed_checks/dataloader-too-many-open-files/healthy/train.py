"""One .npy file per sample, read whole and closed in __getitem__."""

from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class NpyDataset(Dataset):
    def __init__(self, root):
        self.paths = sorted(Path(root).glob("*.npy"))

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return torch.from_numpy(np.load(self.paths[i]))


dataset = NpyDataset(Path(__file__).parent / "data")
loader = DataLoader(dataset, batch_size=8, num_workers=2)
