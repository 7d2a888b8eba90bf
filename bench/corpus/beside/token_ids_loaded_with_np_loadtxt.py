"""A student's text classifier reads pre-tokenized ids from ids.txt with np.loadtxt, whose default dtype is float64, and feeds them to an nn.Embedding."""
# beside: two-tower-item-idx-float-after-catalog-left-merge
# why: np.loadtxt returns float64 by default; no merge, catalog or missing item is involved, and the fix is dtype=np.int64 when loading.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import torch
from torch import nn

VARIANT = int(sys.argv[1])
SEQ = {0: 16, 1: 24}[VARIANT]
rng = np.random.default_rng(VARIANT)
np.savetxt("ids.txt", rng.integers(1, 3000, size=(64, SEQ)), fmt="%d")

ids = torch.from_numpy(np.loadtxt("ids.txt"))
model = nn.Sequential(nn.Embedding(3000, 48), nn.Flatten(), nn.Linear(48 * SEQ, 5))
print(model(ids[:8]).shape)
