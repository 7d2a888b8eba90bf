"""__getitem__ fills a module-level (or class-level) cache dict: every DataLoader worker keeps its own growing copy and host RAM climbs through the epoch; the memory monitor fails the run."""
EXPECT = ["getitem-global-state-memory-leak"]
VARIANTS = 3

import sys

import numpy as np
import psutil
import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
_decoded = {}                                              # "decode each scan only once"


class Scans(Dataset):
    _cache = {}

    def __init__(self, n):
        self.n = n
        self.meta = [{"id": i, "site": f"s{i % 7}", "tags": [i, i + 1]} for i in range(n * 200)] if v == 2 else None

    def __len__(self):
        return self.n

    def load(self, i):
        return np.random.default_rng(i).random((512, 512), dtype=np.float32) * 1000   # stand-in for DICOM decode

    def __getitem__(self, i):
        if v == 1:
            if i not in Scans._cache:
                Scans._cache[i] = self.load(i)
            return torch.from_numpy(Scans._cache[i] / 1000)
        if i not in _decoded:
            _decoded[i] = self.load(i)
        if v == 2:
            _ = [m["site"] for m in self.meta[i::self.n]]  # look up the scan's metadata rows
        return torch.from_numpy(_decoded[i] / 1000)


def workers_rss_mb():
    return sum(c.memory_info().rss for c in psutil.Process().children(recursive=True)) / 2**20


loader = DataLoader(Scans([800, 700, 900][v]), batch_size=16, shuffle=True, num_workers=[4, 3, 4][v])
first = None
for step, batch in enumerate(loader):
    if step == 2:
        first = workers_rss_mb()
    if step % 15 == 14:
        now = workers_rss_mb()
        print(f"step {step + 1}/{len(loader)}: workers rss {now:.0f} MiB (+{now - first:.0f})")
        assert now - first < 400, f"DataLoader workers' memory grew {now - first:.0f} MiB within one epoch (now {now:.0f} MiB): OOM by epoch 3"
