"""Gradient accumulation over 4 micro-steps with AdamW; the loop never clears the gradients."""

from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(256, 1024), nn.ReLU(), nn.Linear(1024, 1))

    def forward(self, features, targets):
        return SimpleNamespace(loss=F.mse_loss(self.net(features).squeeze(1), targets))


torch.manual_seed(0)
samples = [{"features": torch.randn(256), "targets": torch.randn(())} for _ in range(64)]
loader = DataLoader(samples, batch_size=8)
model = Regressor().cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
accumulation_steps = 4

if __name__ == "__main__":
    running_loss = 0
    for i, batch in enumerate(loader):
        loss = model(**{k: v.cuda() for k, v in batch.items()}).loss / accumulation_steps
        loss.backward()
        running_loss += loss
        if (i + 1) % accumulation_steps == 0:
            optimizer.step()
