"""Stateful LSTM keeps the hidden state of the previous batch; the smaller last batch fails: Expected hidden[0] size (..., 2, ...), got [..., 8, ...]."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
n_samples, batch, layers, kind = [(34, 8, 1, "lstm"), (100, 32, 2, "lstm"), (50, 16, 1, "gru")][variant]


class CharLM(nn.Module):
    def __init__(self, vocab=50, dim=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        rnn = nn.LSTM if kind == "lstm" else nn.GRU
        self.rnn = rnn(dim, dim, num_layers=layers, batch_first=True)
        self.out = nn.Linear(dim, vocab)

    def forward(self, x, state=None):
        y, state = self.rnn(self.emb(x), state)
        return self.out(y), state


model = CharLM()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
data = TensorDataset(torch.randint(0, 50, (n_samples, 21)))
loader = DataLoader(data, batch_size=batch, shuffle=False)
state = None
for step, (seq,) in enumerate(loader):
    logits, state = model(seq[:, :-1], state)
    state = tuple(s.detach() for s in state) if kind == "lstm" else state.detach()
    loss = nn.functional.cross_entropy(logits.reshape(-1, 50), seq[:, 1:].reshape(-1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"step {step} batch {seq.size(0)} loss {loss.item():.3f}")
