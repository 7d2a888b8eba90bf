"""BatchNorm1d(num_features) applied to (B, T, C) sequence features instead of (B, C, T): running_mean should contain T elements not C."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
batch, seq, channels = [(8, 50, 64), (4, 128, 32), (16, 20, 80)][variant]


class ConvBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.proj = nn.Linear(c, c)
        self.norm = nn.BatchNorm1d(c)

    def forward(self, x):          # x: (B, T, C) from the embedding / feature extractor
        return torch.relu(self.norm(self.proj(x)))


class AudioEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ConvBlock(channels), ConvBlock(channels))
        self.head = nn.Linear(channels, 10)

    def forward(self, feats):
        return self.head(self.blocks(feats).mean(1))


model = AudioEncoder()
feats = torch.randn(batch, seq, channels)
for step in range(2):
    print(f"step {step}: feats {tuple(feats.shape)}")
    loss = nn.functional.cross_entropy(model(feats), torch.randint(0, 10, (batch,)))
    loss.backward()
