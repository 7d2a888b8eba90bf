"""Initial LSTM/GRU state built as (batch, num_layers, hidden) because the model is batch_first: Expected hidden[0] size (num_layers, B, H), got [B, num_layers, H]."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
n_feat, hidden, layers, batch = [(12, 64, 2, 16), (40, 128, 3, 8), (6, 32, 1, 32)][variant]


class Forecaster(nn.Module):
    def __init__(self):
        super().__init__()
        rnn = nn.GRU if variant == 2 else nn.LSTM
        self.rnn = rnn(n_feat, hidden, num_layers=layers, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def init_state(self, b):
        # batch_first=True, so the batch goes first here too (it does not)
        h0 = torch.zeros(b, layers, hidden)
        if isinstance(self.rnn, nn.GRU):
            return h0
        return h0, torch.zeros(b, layers, hidden)

    def forward(self, x):
        out, _ = self.rnn(x, self.init_state(x.size(0)))
        return self.head(out[:, -1])


ds = TensorDataset(torch.randn(128, 24, n_feat), torch.randn(128, 1))
loader = DataLoader(ds, batch_size=batch, shuffle=True)
model = Forecaster()
print(f"{len(ds)} windows, {len(loader)} batches, {type(model.rnn).__name__} x{layers}")
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(2):
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"epoch {epoch} loss {loss.item():.4f}")
