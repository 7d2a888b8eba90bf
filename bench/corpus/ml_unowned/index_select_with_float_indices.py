"""Gathering rows with index_select using indices computed as a float tensor: index_select(): Expected dtype int32/int64 for index."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch

variant = int(sys.argv[1])
n_items, dim, k = [(100, 16, 5), (1000, 64, 10), (50, 8, 3)][variant]


def hard_negative_mining(anchor, bank, k):
    scores = bank @ anchor
    # "rank" of each item kept as float after normalising by the bank size
    ranks = torch.argsort(scores, descending=True)[:k].float()
    return torch.index_select(bank, 0, ranks)


def sample_by_frequency(bank, counts, k):
    probs = counts / counts.sum()
    idx = torch.floor(torch.rand(k) * len(probs))  # floor keeps dtype float
    return bank.index_select(0, idx)


bank = torch.randn(n_items, dim)
if variant == 1:
    negatives = sample_by_frequency(bank, torch.rand(n_items), k)
else:
    negatives = hard_negative_mining(torch.randn(dim), bank, k)
print(negatives.shape)
