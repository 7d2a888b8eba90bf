"""Dataset holding a lock / open file / sqlite connection / lmdb-like env used with num_workers>0 and spawn: pickling fails."""
EXPECT = ["dataloader-unpicklable-object"]
VARIANTS = 4

import sqlite3
import sys
import threading

import torch
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])


class Shards(Dataset):
    def __init__(self):
        with open("shard-000.bin", "wb") as f:
            f.write(bytes(range(256)) * 4)
        if v == 0:
            self.cache_lock = threading.Lock()
        elif v == 1:
            self.fh = open("shard-000.bin", "rb")
        elif v == 2:
            self.db = sqlite3.connect("meta.db")
        else:
            self.log = open("reads.log", "a")

    def __len__(self):
        return 32

    def __getitem__(self, i):
        return torch.full((4,), float(i))


if __name__ == "__main__":
    ctx = ["spawn", "forkserver", "spawn", "spawn"][v]
    loader = DataLoader(Shards(), batch_size=8, num_workers=2, multiprocessing_context=ctx,
                        persistent_workers=(v == 3))
    for epoch in range(2):
        for batch in loader:
            print(epoch, batch.shape)
