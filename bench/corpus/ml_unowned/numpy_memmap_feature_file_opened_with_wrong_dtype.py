"""Precomputed features written with ndarray.tofile as float32/float16 and reopened with np.memmap as float64 (or with a stale shape): mmap length is greater than file size."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])
n, dim = [(2000, 512), (5000, 768), (1200, 256)][variant]

# extract_features.py
feats = np.random.default_rng(0).normal(size=(n, dim)).astype(np.float16 if variant == 1 else np.float32)
feats.tofile("features.bin")
meta = {"n": n, "dim": dim if variant != 2 else dim * 2}   # variant 2: meta from the run with the bigger backbone
json.dump(meta, open("features.json", "w"))
print(f"wrote features.bin ({feats.nbytes / 1e6:.1f} MB)")


class FeatureDataset(Dataset):
    def __init__(self, path, meta_path):
        meta = json.load(open(meta_path))
        dtype = np.float32 if variant == 2 else np.float64
        self.feats = np.memmap(path, dtype=dtype, mode="r", shape=(meta["n"], meta["dim"]))
        self.labels = np.random.default_rng(1).integers(0, 10, meta["n"])

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return torch.from_numpy(np.array(self.feats[i], dtype=np.float32)), int(self.labels[i])


ds = FeatureDataset("features.bin", "features.json")
loader = DataLoader(ds, batch_size=64, shuffle=True)
print(next(iter(loader))[0].shape)
