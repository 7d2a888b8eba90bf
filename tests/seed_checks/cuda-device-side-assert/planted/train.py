"""A 5-class classifier trained for a few steps, on the GPU when there is one. The label column was
built with 1-based class ids, so class 5 appears although the head has 5 outputs (ids 0..4)."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"
num_classes = 5
torch.manual_seed(0)
features = torch.randn(64, 8)
labels = torch.randint(0, num_classes, (64,)) + 1  # 1-based ids from the label file: 1..5

loader = DataLoader(TensorDataset(features, labels), batch_size=16)
model = nn.Linear(8, num_classes).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

if __name__ == "__main__":
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print("final loss", loss.item())
