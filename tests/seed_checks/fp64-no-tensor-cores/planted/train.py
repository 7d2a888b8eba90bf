"""Tabular regression whose features come from NumPy (float64) and reach the model unconverted."""

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

rng = np.random.default_rng(0)
features = rng.normal(size=(64, 8))  # NumPy's default dtype is float64
targets = features.sum(axis=1, keepdims=True)

# torch.from_numpy keeps float64, and the model was cast to double for a gradcheck and left so.
loader = DataLoader(TensorDataset(torch.from_numpy(features), torch.from_numpy(targets)), batch_size=16)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1)).double()

if __name__ == "__main__":
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
