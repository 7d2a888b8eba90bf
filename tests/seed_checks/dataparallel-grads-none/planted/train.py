"""Old multi-GPU code moved to a one-GPU box: the model is still wrapped in nn.DataParallel."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
loader = DataLoader(TensorDataset(torch.randn(32, 4), torch.randint(0, 3, (32,))), batch_size=8)
net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))
device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.DataParallel(net.to(device))
criterion = nn.CrossEntropyLoss()

if __name__ == "__main__":
    x, y = next(iter(loader))
    criterion(model(x.to(device)), y.to(device)).backward()
    print(list(model.children())[0].weight.grad)  # AttributeError: the child is the whole Sequential
