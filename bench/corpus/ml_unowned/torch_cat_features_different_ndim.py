"""torch.cat of a pooled (B, D) embedding with a (B,) numeric feature or a (B, T, D) token tensor: Tensors must have same number of dimensions: got 2 and 1."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])
torch.manual_seed(0)
vocab, dim, seq = [(1000, 32, 16), (500, 64, 24), (800, 48, 12)][VARIANT]


class WideAndDeep(nn.Module):
    """Text tower + the numeric features of the listing (price, age in days)."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.cls = nn.Parameter(torch.zeros(dim))
        self.head = nn.Linear(dim + 1, 2)

    def forward(self, ids, price):
        tokens = self.emb(ids)                      # (B, T, D)
        if VARIANT == 1:
            cls = self.cls.expand(ids.size(0), -1)  # (B, D): a CLS vector prepended to the tokens
            tokens = torch.cat([cls, tokens], dim=1)
            pooled = tokens.mean(1)
        else:
            pooled = tokens.mean(1)                 # (B, D)
        feats = torch.cat([pooled, torch.log1p(price)], dim=-1)
        return self.head(feats)


n = 64
ds = TensorDataset(torch.randint(0, vocab, (n, seq)), torch.rand(n) * 500, torch.randint(0, 2, (n,)))
loader = DataLoader(ds, batch_size=16, shuffle=True)
model = WideAndDeep()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(2):
    for step, (ids, price, y) in enumerate(loader):
        if VARIANT == 2:
            print(f"epoch {epoch} step {step} ids {tuple(ids.shape)} price {tuple(price.shape)}")
        loss = nn.functional.cross_entropy(model(ids, price), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
