"""Embedding cache written with np.savez positional arrays (arr_0, arr_1) or another key name, read back by name: KeyError: '... is not a file in the archive'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n_items, dim = [(200, 32), (120, 16), (64, 8)][variant]


def cache_embeddings(path, emb, ids, compressed=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if compressed:
        np.savez_compressed(path, embedding=emb, item_ids=ids)
    else:
        np.savez(path, emb, ids)


def load_cache(path):
    data = np.load(path)
    return data["embeddings"], data["item_ids"]


class CachedPairs(Dataset):
    def __init__(self, path, pairs):
        self.path, self.pairs, self.emb = path, pairs, None

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        if self.emb is None:
            self.emb, _ = load_cache(self.path)
        a, b = self.pairs[i]
        return torch.from_numpy(self.emb[a]), torch.from_numpy(self.emb[b])


if __name__ == "__main__":
    emb = rng.normal(size=(n_items, dim)).astype(np.float32)
    ids = np.arange(1000, 1000 + n_items)
    cache_embeddings("cache/item_emb.npz", emb, ids, compressed=variant == 1)
    print(f"cached {n_items} item embeddings of dim {dim}", flush=True)
    if variant < 2:
        E, item_ids = load_cache("cache/item_emb.npz")
        sims = E @ E[:5].T
        print("top-1 neighbours", item_ids[np.argsort(-sims, axis=0)[1]])
    else:
        pairs = [(int(a), int(b)) for a, b in rng.integers(0, n_items, (40, 2))]
        loader = DataLoader(CachedPairs("cache/item_emb.npz", pairs), batch_size=8, num_workers=2)
        for step, (xa, xb) in enumerate(loader):
            print(f"step {step} cos {torch.cosine_similarity(xa, xb).mean():.3f}", flush=True)
