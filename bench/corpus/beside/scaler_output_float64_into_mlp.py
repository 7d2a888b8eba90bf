"""The training script standardizes features with sklearn's StandardScaler (float64 output) and passes the result through torch.from_numpy."""
# beside: feature-cache-npy-float64-into-float32-mlp
# why: the float64 array is the scaler's output in the user's own script; there is no feature cache writing .npy files.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import torch
from sklearn.preprocessing import StandardScaler
from torch import nn

VARIANT = int(sys.argv[1])

x = np.random.default_rng(0).normal(size=(64, 8)).astype(np.float32)
x_scaled = StandardScaler().fit_transform(x).astype(np.float64) if VARIANT == 1 else StandardScaler().fit_transform(x.astype(float))
model = nn.Linear(8, 1)
model(torch.from_numpy(x_scaled))
