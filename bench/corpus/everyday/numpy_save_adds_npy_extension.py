"""np.save / np.savez append '.npy' / '.npz' to a name without that extension, so loading back the exact name that was passed raises FileNotFoundError."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(V)
os.makedirs("cache", exist_ok=True)


class FeatureCache:
    def __init__(self, root, suffix):
        self.root = root
        self.suffix = suffix

    def path(self, split):
        return os.path.join(self.root, f"{split}{self.suffix}")

    def save(self, split, **arrays):
        if len(arrays) == 1:
            np.save(self.path(split), next(iter(arrays.values())))
        else:
            np.savez(self.path(split), **arrays)
        print(f"saved {split} -> {self.path(split)}")

    def load(self, split):
        return np.load(self.path(split))


if V == 0:
    cache = FeatureCache("cache", ".features")
    cache.save("train", x=rng.random((64, 16)).astype(np.float32))
    print(cache.load("train").shape)
elif V == 1:
    cache = FeatureCache("cache", "")
    cache.save("val", x=rng.random((32, 8)), y=rng.integers(0, 3, 32))
    data = cache.load("val")
    print(data["x"].shape, data["y"].shape)
else:
    emb = rng.standard_normal((100, 32)).astype(np.float32)
    out = "cache/embeddings.v2.tmp"
    np.save(out, emb)
    print("written, publishing", out)
    os.replace(out, "cache/embeddings.v2")
