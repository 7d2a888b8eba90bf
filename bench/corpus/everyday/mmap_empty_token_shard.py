"""ValueError memory-mapping pre-tokenized shards: an empty shard left by a crashed writer (cannot mmap an empty file), or a length taken from the index that is larger than the file (mmap length is greater than file size)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import mmap
import os
import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
os.makedirs("shards", exist_ok=True)
rng = np.random.default_rng(0)

index = []
for i in range(4):
    tokens = rng.integers(0, 50000, 2048 * (i + 1)).astype(np.uint16)
    path = f"shards/train_{i:03d}.bin"
    if i == 2 and V in (0, 1):
        tokens = tokens[:0]                      # writer was killed before flushing
    if i == 3 and V == 2:
        tokens = tokens[:5000]                   # disk filled up while this shard was written
    tokens.tofile(path)
    index.append({"path": path, "n_tokens": 2048 * (i + 1)})
with open("shards/index.json", "w") as f:
    json.dump(index, f)


class ShardReader:
    def __init__(self, path, n_tokens=0):
        self._f = open(path, "rb")
        self.map = mmap.mmap(self._f.fileno(), n_tokens * 2, access=mmap.ACCESS_READ)

    def tokens(self):
        return np.frombuffer(self.map, dtype=np.uint16)


def open_all(index_path, trust_index=False):
    with open(index_path) as f:
        entries = json.load(f)
    readers = []
    for e in entries:
        readers.append(ShardReader(e["path"], e["n_tokens"] if trust_index else 0))
        print(f"mapped {e['path']}")
    return readers


if V == 0:
    readers = open_all("shards/index.json")
    print(sum(len(r.tokens()) for r in readers), "tokens")
elif V == 1:
    total = 0
    for e in index:
        arr = np.memmap(e["path"], dtype=np.uint16, mode="r")
        total += len(arr)
        print(f"{e['path']}: {len(arr)} tokens")
else:
    readers = open_all("shards/index.json", trust_index=True)
