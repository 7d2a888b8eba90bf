"""Padding mask from the batch (attention_mask as int64/int32/float 0-1) used directly in masked_fill: masked_fill_ only supports boolean masks, but got mask with dtype long int."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import math
import sys

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])
batch, seq, dim = [(4, 12, 32), (8, 20, 64), (2, 9, 16)][variant]
PAD = 0


def make_batch():
    lengths = np.random.default_rng(variant).integers(3, seq + 1, size=batch)
    ids = np.zeros((batch, seq), dtype=np.int64)
    for i, n in enumerate(lengths):
        ids[i, :n] = np.random.default_rng(i).integers(1, 500, size=n)
    if variant == 0:
        mask = torch.from_numpy(ids != PAD).long()           # like a tokenizer's attention_mask
    elif variant == 1:
        mask = torch.from_numpy((ids != PAD).astype(np.int32))
    else:
        mask = (torch.from_numpy(ids) != PAD).float()
    return torch.from_numpy(ids), mask


class AttentionPooling(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(500, dim, padding_idx=PAD)
        self.score = nn.Linear(dim, 1)

    def forward(self, ids, attention_mask):
        h = self.emb(ids)
        scores = self.score(h).squeeze(-1) / math.sqrt(dim)
        scores = scores.masked_fill(1 - attention_mask, float("-inf"))  # blank the padding
        weights = scores.softmax(-1)
        return (weights.unsqueeze(-1) * h).sum(1)


ids, mask = make_batch()
print(f"ids {tuple(ids.shape)} mask dtype {mask.dtype} tokens {int(mask.sum())}")
pooled = AttentionPooling()(ids, mask)
print(pooled.shape)
