"""A one-layer language model with eager attention (scores of batch x heads x seq x seq).
Every batch is padded to its longest sample."""

from types import SimpleNamespace

import torch
from torch import nn
from torch.utils.data import DataLoader


class TinyLM(nn.Module):
    def __init__(self, vocab=100, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, input_ids, labels):
        batch, length = input_ids.shape
        q, k, v = self.qkv(self.embed(input_ids)).view(batch, length, 3, self.heads, -1).unbind(2)
        q, k, v = (t.transpose(1, 2) for t in (q, k, v))
        scores = q @ k.transpose(-1, -2) / k.shape[-1] ** 0.5  # memory grows with length**2
        out = (scores.softmax(-1) @ v).transpose(1, 2).reshape(batch, length, -1)
        logits = self.lm_head(out)
        return SimpleNamespace(loss=nn.functional.cross_entropy(logits.flatten(0, 1), labels.flatten()))


def collate(samples):
    length = max(len(s) for s in samples)  # padding="longest"
    ids = torch.zeros(len(samples), length, dtype=torch.long)
    for row, sample in zip(ids, samples):
        row[: len(sample)] = sample
    return {"input_ids": ids, "labels": ids}


torch.manual_seed(0)
samples = [torch.randint(1, 100, (int(n),)) for n in torch.randint(8, 64, (8,))]
loader = DataLoader(samples, batch_size=2, collate_fn=collate)
model = TinyLM()
