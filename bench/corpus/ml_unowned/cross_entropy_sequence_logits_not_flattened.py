"""Token-level cross_entropy given (B, T, V) logits with (B, T) targets without moving the class dim: Expected target size (B, V), got torch.Size([B, T])."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
vocab, batch, seq = [(64, 4, 16), (500, 8, 32), (30, 2, 9)][variant]


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(vocab, 32)
        self.rnn = nn.GRU(32, 32, batch_first=True)
        self.head = nn.Linear(32, vocab)

    def forward(self, ids):
        h, _ = self.rnn(self.emb(ids))
        return self.head(h)  # (B, T, V)


def compute_loss(model, ids):
    logits = model(ids[:, :-1])
    targets = ids[:, 1:]
    if variant == 2:
        return nn.CrossEntropyLoss(ignore_index=0)(logits, targets)
    return nn.functional.cross_entropy(logits, targets)


model = TinyLM()
optimizer = torch.optim.Adam(model.parameters())
for step in range(2):
    ids = torch.randint(1, vocab, (batch, seq + 1))
    loss = compute_loss(model, ids)
    loss.backward()
    optimizer.step()
    print(f"step {step} loss {loss.item():.3f}")
