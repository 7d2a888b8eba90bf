"""torch.tensor / torch.FloatTensor given a Python list of multi-element tensors (per-sample features, per-batch outputs) instead of torch.stack: only one element tensors can be converted to Python scalars."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


class Windows(Dataset):
    def __init__(self, n, length, channels):
        self.x = torch.randn(n, length, channels)
        self.y = torch.randint(0, 2, (n,))

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


def collate(samples):
    xs = torch.tensor([x for x, _ in samples])
    ys = torch.tensor([y for _, y in samples])
    return xs, ys


if VARIANT == 0:
    loader = DataLoader(Windows(40, 50, 3), batch_size=8, collate_fn=collate, num_workers=2)
    for xb, yb in loader:
        print(xb.shape, yb.shape)
elif VARIANT == 1:
    encoder = nn.Sequential(nn.Linear(16, 8), nn.Tanh()).eval()
    embeddings = []
    with torch.no_grad():
        for i in range(5):
            batch = torch.randn(4, 16)
            embeddings.append(encoder(batch))
            print(f"encoded batch {i}")
    all_emb = torch.FloatTensor(embeddings)
    print(all_emb.shape)
else:
    per_class_means = [torch.randn(64) for _ in range(4)]  # prototype of each class
    prototypes = torch.tensor(per_class_means, dtype=torch.float32)
    print(prototypes.shape)
