EXPECT = []
VARIANTS = 3

# Negative sampling for a recommender / word2vec-style model: the item distribution is the
# popularity raised to a power, minus a "popularity bias" correction, which leaves some items with
# a negative probability; the draw happens in the Dataset, one variant inside DataLoader workers.
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CFG = [
    {"n_items": 50, "power": 0.75, "bias_correction": 0.01, "negatives": 5, "workers": 0},
    {"n_items": 200, "power": 0.5, "bias_correction": 0.004, "negatives": 10, "workers": 2},
    {"n_items": 30, "power": 1.0, "bias_correction": 0.02, "negatives": 3, "workers": 0},
][V]


def sampling_distribution(counts, cfg):
    p = counts ** cfg["power"]
    p = p / p.sum()
    p = p - cfg["bias_correction"]
    return p / p.sum()


class Interactions(Dataset):
    def __init__(self, cfg):
        rng = np.random.default_rng(0)
        self.counts = rng.zipf(1.6, cfg["n_items"]).astype(float)
        self.pairs = rng.integers(0, cfg["n_items"], size=(400, 2))
        self.p = sampling_distribution(self.counts, cfg)
        self.k = cfg["negatives"]

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        user, item = self.pairs[i]
        negs = np.random.choice(len(self.p), size=self.k, p=self.p)
        return torch.tensor(user), torch.tensor(item), torch.as_tensor(negs)


def main():
    ds = Interactions(CFG)
    print(f"{len(ds)} interactions, {CFG['n_items']} items, min sampling prob {ds.p.min():.4f}")
    loader = DataLoader(ds, batch_size=64, shuffle=True, num_workers=CFG["workers"])
    for step, (u, i, negs) in enumerate(loader):
        print(f"batch {step}: negatives {tuple(negs.shape)}")


if __name__ == "__main__":
    main()
