"""Token ids loaded as float (from a float array) passed to nn.Embedding: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
vocab, dim, seq = [(500, 32, 20), (2000, 64, 48), (120, 16, 12)][variant]

# token ids saved next to float features in one float32 matrix
table = np.random.randint(0, vocab, size=(64, seq)).astype(np.float32)
np.save("tokens.npy", table)


class BagOfEmbeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.fc = nn.Linear(dim, 2)

    def forward(self, ids):
        return self.fc(self.emb(ids).mean(1))


ds = TensorDataset(torch.from_numpy(np.load("tokens.npy")), torch.randint(0, 2, (64,)))
loader = DataLoader(ds, batch_size=16)
model = BagOfEmbeddings()
for step, (ids, y) in enumerate(loader):
    if variant == 2:
        ids = torch.tensor(ids.tolist())  # rebuilt from Python floats
    print(f"step {step} ids dtype {ids.dtype}")
    loss = nn.functional.cross_entropy(model(ids), y)
    loss.backward()
