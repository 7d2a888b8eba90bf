"""A sliding-window dataset's __len__ is `len(series) - window` (or `(n - ctx) // stride`), negative for a short series: ValueError: __len__() should return >= 0."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class WindowDataset:
    def __init__(self, series, window, horizon=1):
        self.series = series
        self.window = window
        self.horizon = horizon

    def __len__(self):
        return len(self.series) - self.window - self.horizon + 1

    def __getitem__(self, i):
        return self.series[i : i + self.window], self.series[i + self.window + self.horizon - 1]


class TokenChunks:
    def __init__(self, ids, context, stride):
        self.ids, self.context, self.stride = ids, context, stride

    def __len__(self):
        return (len(self.ids) - self.context) // self.stride + 1


if V == 0:
    per_store = {"store_1": np.arange(200.0), "store_2": np.arange(90.0), "store_3": np.arange(20.0)}
    for store, series in per_store.items():
        ds = WindowDataset(series, window=28, horizon=7)
        print(f"{store}: {len(ds)} windows")
elif V == 1:
    import torch
    from torch.utils.data import DataLoader

    ds = WindowDataset(torch.randn(40), window=48)
    loader = DataLoader(ds, batch_size=8, shuffle=True)
    for x, y in loader:
        print(x.shape, y.shape)
else:
    docs = [list(range(5000)), list(range(700)), list(range(60))]
    total = 0
    for i, ids in enumerate(docs):
        chunks = TokenChunks(ids, context=512, stride=256)
        total += len(chunks)
        print(f"doc {i}: running total {total} chunks")
