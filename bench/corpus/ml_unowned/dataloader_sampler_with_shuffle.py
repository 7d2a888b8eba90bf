"""DataLoader given both a sampler (weighted / distributed / subset) and shuffle=True, or a batch_sampler with batch_size: sampler option is mutually exclusive with shuffle."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch.utils.data import BatchSampler, DataLoader, RandomSampler, SubsetRandomSampler, TensorDataset, WeightedRandomSampler

variant = int(sys.argv[1])
torch.manual_seed(0)
n = [200, 120, 64][variant]
labels = (torch.rand(n) < 0.1).long()  # 10% positives
ds = TensorDataset(torch.randn(n, 8), labels)


def balanced_sampler(y):
    freq = torch.bincount(y).float()
    return WeightedRandomSampler((1.0 / freq)[y], num_samples=len(y), replacement=True)


def make_loader(dataset, batch_size, shuffle=True):
    if variant == 0:
        return DataLoader(dataset, batch_size=batch_size, sampler=balanced_sampler(labels), shuffle=shuffle)
    if variant == 1:
        train_idx = torch.randperm(n)[: int(0.8 * n)].tolist()
        return DataLoader(dataset, batch_size=batch_size, shuffle=shuffle, sampler=SubsetRandomSampler(train_idx))
    batches = BatchSampler(RandomSampler(dataset), batch_size=batch_size, drop_last=False)
    return DataLoader(dataset, batch_size=batch_size, batch_sampler=batches)


print(f"{n} samples, {int(labels.sum())} positives", flush=True)
loader = make_loader(ds, 16)
for x, y in loader:
    print(x.shape, y.float().mean().item())
