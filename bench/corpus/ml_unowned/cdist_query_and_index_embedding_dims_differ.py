"""Retrieval scoring with torch.cdist between query embeddings and an index built by another encoder (or before a projection head): X1 and X2 must have the same number of columns. X1: 256 X2: 384."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])
q_dim, idx_dim, n_docs = [(256, 384), (768, 512), (128, 64)][variant] + ([5000, 2000, 800][variant],)


class QueryEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(300, 512), nn.ReLU(), nn.Linear(512, q_dim))
        self.proj = nn.Linear(q_dim, idx_dim)   # head that maps into the index space

    def forward(self, x, project=False):
        h = self.body(x)
        return self.proj(h) if project else h


# the document index was exported by the nightly job (its own encoder)
np.save("doc_index.npy", np.random.default_rng(0).normal(size=(n_docs, idx_dim)).astype(np.float32))
index = torch.from_numpy(np.load("doc_index.npy"))
print(f"loaded index {tuple(index.shape)}")

encoder = QueryEncoder().eval()


@torch.no_grad()
def search(queries, k=10):
    q = encoder(queries)
    dist = torch.cdist(q, index)
    return dist.topk(k, largest=False).indices


batches = [torch.randn(16, 300) for _ in range(3)]
for i, qb in enumerate(batches if variant == 1 else batches[:1]):
    print(f"batch {i}: top-10 for {len(qb)} queries")
    hits = search(qb)
