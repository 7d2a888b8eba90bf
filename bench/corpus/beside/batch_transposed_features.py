"""The feature matrix is built as (features, samples) and fed to the model without transposing."""
# beside: demand-mlp-model-yaml-n-features-stale
# why: the input is transposed in the user's own code; the model's in_features matches the number of features.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import torch
from torch import nn

VARIANT = int(sys.argv[1])

n_features, n = {0: (12, 40), 1: (6, 100)}[VARIANT]
columns = [np.random.default_rng(i).normal(size=n) for i in range(n_features)]
x = torch.tensor(np.stack(columns), dtype=torch.float32)  # (features, samples)
model = nn.Sequential(nn.Linear(n_features, 8), nn.ReLU(), nn.Linear(8, 1))
model(x)
