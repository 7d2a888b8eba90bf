"""Stacking an empty list: np.stack / np.concatenate / torch.stack when a glob matched no files or a filter dropped every item (need at least one array to stack / stack expects a non-empty TensorList)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import glob
import os
import sys

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("features/train", exist_ok=True)
for i in range(4):
    np.save(f"features/train/part_{i}.npy", np.random.rand(10, 16).astype(np.float32))


def load_features(split):
    parts = [np.load(p) for p in sorted(glob.glob(f"features/{split}/part_*.npy"))]
    print(f"{split}: {len(parts)} parts", flush=True)
    return np.stack(parts) if len(parts) and parts[0].ndim == 1 else np.concatenate(parts)


class Clips(Dataset):
    def __init__(self, n=32):
        self.lengths = [(i * 37) % 50 for i in range(n)]

    def __len__(self):
        return len(self.lengths)

    def __getitem__(self, i):
        return torch.randn(self.lengths[i], 8)


def collate_long_clips(batch, min_len=48):
    kept = [clip[:min_len] for clip in batch if clip.shape[0] >= min_len]
    return torch.stack(kept)


def embed_queries(queries, vocab):
    vecs = [vocab[w] for q in queries for w in q.split() if w in vocab]
    return np.stack(vecs).mean(axis=0)


if __name__ == "__main__":
    if V == 0:
        train = load_features("train")
        print("train", train.shape)
        val = load_features("val")
        print("val", val.shape)
    elif V == 1:
        loader = DataLoader(Clips(), batch_size=4, num_workers=2, collate_fn=collate_long_clips)
        for step, batch in enumerate(loader):
            print(f"step {step} batch {tuple(batch.shape)}", flush=True)
    else:
        vocab = {w: np.random.rand(8) for w in ["cheap", "flight", "hotel", "paris"]}
        print(embed_queries(["cheap flight paris"], vocab).round(2))
        print(embed_queries(["Cheap Flights", "Hotels"], vocab).round(2))
