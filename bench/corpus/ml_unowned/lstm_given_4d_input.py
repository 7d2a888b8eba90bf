"""nn.LSTM/GRU fed a 4D tensor (image batch, or sequences with an extra singleton/feature-group dim): LSTM: Expected input to be 2D or 3D, got 4D input instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])


class Windows(Dataset):
    def __init__(self, n, steps, feats):
        self.data = torch.randn(n, steps, feats)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i].unsqueeze(0), torch.tensor(i % 2)  # "channel" dim kept from a CNN version


class SequenceClassifier(nn.Module):
    def __init__(self, feats, hidden, rnn=nn.LSTM):
        super().__init__()
        self.rnn = rnn(feats, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, 2)

    def forward(self, x):
        out, _ = self.rnn(x)
        return self.fc(out[:, -1])


if variant == 0:
    loader = DataLoader(Windows(40, 30, 6), batch_size=8)
    model = SequenceClassifier(6, 32)
    for x, y in loader:
        print("batch", tuple(x.shape), flush=True)
        loss = nn.functional.cross_entropy(model(x), y)
elif variant == 1:
    images = torch.randn(4, 1, 28, 28)  # MNIST rows as time steps
    model = SequenceClassifier(28, 64)
    print(model(images).shape)
else:
    model = SequenceClassifier(16, 32, rnn=nn.GRU)
    feats = torch.randn(8, 20, 4, 4)  # 4x4 sensor grid per time step, not flattened
    print(model(feats).shape)
