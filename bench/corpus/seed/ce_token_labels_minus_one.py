"""Token-classification labels padded with -1 instead of ignore_index=-100, flattened into cross_entropy."""
EXPECT = ["cross-entropy-label-out-of-range"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

v = int(sys.argv[1])
num_tags, vocab, seq = [9, 17, 5][v], 100, [12, 20, 7][v]


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(vocab, 32)
        self.rnn = nn.GRU(32, 32, batch_first=True)
        self.out = nn.Linear(32, num_tags)

    def forward(self, ids):
        h, _ = self.rnn(self.emb(ids))
        return self.out(h)


def collate(samples):
    L = max(len(s) for s, _ in samples)
    ids = torch.zeros(len(samples), L, dtype=torch.long)
    tags = torch.full((len(samples), L), -1)               # padding label -1
    for i, (s, t) in enumerate(samples):
        ids[i, : len(s)], tags[i, : len(t)] = torch.tensor(s), torch.tensor(t)
    return ids, tags


torch.manual_seed(v)
samples = [(torch.randint(1, vocab, (n,)).tolist(), torch.randint(0, num_tags, (n,)).tolist())
           for n in (seq, seq - 3, seq - 5, seq)]
ids, tags = collate(samples)
model = Tagger()
logits = model(ids)
if v == 2:
    loss = nn.CrossEntropyLoss()(logits.permute(0, 2, 1), tags)
else:
    loss = F.cross_entropy(logits.view(-1, num_tags), tags.view(-1))
loss.backward()
