"""One .npy file per sample, memory-mapped and cached on the dataset so later epochs are fast: every
cached memmap keeps its file descriptor open, in the main process and in every worker."""

from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class NpyDataset(Dataset):
    def __init__(self, root):
        self.paths = sorted(Path(root).glob("*.npy"))
        self.cache = {}

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        if i not in self.cache:
            self.cache[i] = np.load(self.paths[i], mmap_mode="r")
        return torch.from_numpy(np.array(self.cache[i]))


dataset = NpyDataset(Path(__file__).parent / "data")
loader = DataLoader(dataset, batch_size=8, num_workers=2)
