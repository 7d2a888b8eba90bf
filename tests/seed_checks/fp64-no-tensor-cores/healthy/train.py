"""Tabular regression whose NumPy features are converted to float32 at the source."""

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

rng = np.random.default_rng(0)
features = rng.normal(size=(64, 8)).astype(np.float32)
targets = features.sum(axis=1, keepdims=True)

loader = DataLoader(TensorDataset(torch.from_numpy(features), torch.from_numpy(targets)), batch_size=16)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))

if __name__ == "__main__":
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
