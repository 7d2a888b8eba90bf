"""An nn.LSTM/GRU put in nn.Sequential or its output used directly: the RNN returns (output, hidden), so linear() gets a tuple / a tuple is indexed like a tensor."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])
torch.manual_seed(0)
features, hidden, horizon = [(8, 32, 1), (16, 64, 4), (5, 24, 1)][VARIANT]


class Forecaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(features, hidden, num_layers=2, batch_first=True)
        self.fc = nn.Linear(hidden, horizon)

    def forward(self, x):
        out = self.rnn(x)
        return self.fc(out[:, -1])


if VARIANT == 0:
    model = nn.Sequential(nn.LSTM(features, hidden, batch_first=True), nn.Dropout(0.1), nn.Linear(hidden, horizon))
elif VARIANT == 1:
    model = nn.Sequential(nn.GRU(features, hidden, batch_first=True), nn.Linear(hidden, horizon))
else:
    model = Forecaster()

ds = TensorDataset(torch.randn(64, 30, features), torch.randn(64, horizon))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
print(model)
for x, y in DataLoader(ds, batch_size=16):
    pred = model(x)
    loss = nn.functional.mse_loss(pred, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
