"""einsum equation written for unbatched tensors applied to batched attention inputs: einsum(): the number of subscripts in the equation does not match the number of dimensions."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


class BilinearScorer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.W = nn.Parameter(torch.randn(dim, dim) * 0.02)

    def forward(self, q, k):
        # q: (B, Tq, D), k: (B, Tk, D); equation written for a single example
        return torch.einsum("qd,de,ke->qk", q, self.W, k)


class MultiHeadScores(nn.Module):
    def forward(self, q, k):
        # q, k: (B, H, T, Dh), equation missing the head axis
        return torch.einsum("bqd,bkd->bqk", q, k)


if variant == 0:
    scores = BilinearScorer(32)(torch.randn(4, 10, 32), torch.randn(4, 12, 32))
elif variant == 1:
    scores = MultiHeadScores()(torch.randn(2, 8, 16, 8), torch.randn(2, 8, 16, 8))
else:
    scorer = BilinearScorer(16)
    for step in range(3):
        q = torch.randn(16) if step < 2 else torch.randn(5, 16)
        print(f"step {step}: query {tuple(q.shape)}")
        scores = torch.einsum("d,de,ke->k", q, scorer.W, torch.randn(7, 16))
