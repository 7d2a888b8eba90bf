"""RNG object built in Dataset.__init__ is copied into every DataLoader worker: workers produce identical augmentations."""
EXPECT = ["dataloader-workers-share-random-seed"]
VARIANTS = 2

import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])


class Augmented(Dataset):
    def __init__(self):
        self.rng = np.random.default_rng(v) if v == 0 else np.random.RandomState()

    def __len__(self):
        return 32

    def __getitem__(self, i):
        scale = self.rng.uniform(0.8, 1.2)              # random-resized-crop scale
        angle = self.rng.uniform(-15, 15)               # random rotation
        return torch.tensor([scale, angle])


loader = DataLoader(Augmented(), batch_size=4, num_workers=[2, 4][v])
params = torch.cat([b for b in loader])
print(params[:8])
unique = torch.unique(params, dim=0)
assert len(unique) == len(params), f"only {len(unique)} distinct augmentations for {len(params)} samples"
