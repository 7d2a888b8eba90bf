"""A ranking prototype keeps each candidate as one row of a float64 numpy matrix (item_idx in column 0, then price and popularity features) and its ItemTower slices the index back out of the batch; the ids were never missing, but they travel as floats."""
# beside: two-tower-item-idx-float-after-catalog-left-merge
# why: item_idx is float because it is packed into one float64 feature matrix with the dense features, not because a left merge left NaN for delisted items; the fix is to keep ids in their own int64 tensor.
EXPECT = []
VARIANTS = 3

import sys

import numpy as np
import torch
from torch import nn

VARIANT = int(sys.argv[1])
N_ITEMS = {0: 500, 1: 1200, 2: 500}[VARIANT]


class ItemTower(nn.Module):
    def __init__(self, n_items, dim, n_dense):
        super().__init__()
        self.embed = nn.Embedding(n_items, dim)
        self.dense = nn.Linear(n_dense, dim)

    def forward(self, batch):
        item_idx, dense = batch[:, 0], batch[:, 1:].float()
        return self.embed(item_idx) + self.dense(dense)


rng = np.random.default_rng(VARIANT)
candidates = np.column_stack([rng.integers(0, N_ITEMS, 256), rng.uniform(1, 80, 256), rng.random(256)])
if VARIANT == 2:
    print(f"candidates {candidates.shape} {candidates.dtype}")
tower = ItemTower(N_ITEMS, 32, 2)
print(tower(torch.from_numpy(candidates)).shape)
