"""LayerNorm created with the wrong normalized_shape (model dim changed, or normalising over (T, C)): Given normalized_shape=[...], expected input with shape [*, ...]."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
d_model = [64, 256, 48][variant]


class PreNormMLP(nn.Module):
    def __init__(self, d, norm_shape):
        super().__init__()
        self.norm = nn.LayerNorm(norm_shape)
        self.fc1, self.fc2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

    def forward(self, x):
        return x + self.fc2(torch.relu(self.fc1(self.norm(x))))


norm_shape = [512, 512, (32, 48)][variant]     # copied from the base config / (T, C) of another dataset
model = nn.Sequential(nn.Linear(16, d_model), PreNormMLP(d_model, norm_shape))
x = torch.randn(4, [10, 10, 24][variant], 16)
print(f"d_model={d_model}, LayerNorm{norm_shape}")
y = model(x)
