"""A tiny attention classifier: raw sensor readings (0-1000), scores q @ k.T without 1/sqrt(d)."""

from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader


class Attention(nn.Module):
    def __init__(self, features=8, dim=32, classes=3):
        super().__init__()
        self.q, self.k, self.v = nn.Linear(features, dim), nn.Linear(features, dim), nn.Linear(features, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, readings, labels):
        scores = self.q(readings) @ self.k(readings).transpose(1, 2)
        hidden = (scores.softmax(-1) @ self.v(readings)).mean(1)
        logits = self.head(hidden)
        return SimpleNamespace(loss=F.cross_entropy(logits, labels), logits=logits)


torch.manual_seed(0)
samples = [{"readings": torch.rand(10, 8) * 1000, "labels": torch.tensor(i % 3)} for i in range(32)]
loader = DataLoader(samples, batch_size=8)
model = Attention()
