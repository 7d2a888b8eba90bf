"""AttributeError: 'NoneType' object has no attribute 'id': an IterableDataset that shards its files by get_worker_info().id / .num_workers is run with num_workers=0 (a debug run, the eval loader, a direct iteration), where get_worker_info() returns None."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import torch
from torch.utils.data import DataLoader, IterableDataset, get_worker_info

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

files = []
for i in range(4):
    name = f"shard-{i:03d}.jsonl"
    with open(name, "w") as f:
        for j in range(6):
            f.write(json.dumps({"x": [i, j, i * j], "y": (i + j) % 2}) + "\n")
    files.append(name)


class JsonlShards(IterableDataset):
    def __init__(self, paths):
        self.paths = paths

    def __iter__(self):
        info = get_worker_info()
        mine = self.paths[info.id::info.num_workers]
        for p in mine:
            with open(p) as f:
                for line in f:
                    r = json.loads(line)
                    yield torch.tensor(r["x"], dtype=torch.float32), r["y"]


class RangeShards(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        w = get_worker_info()
        per = self.n // w.num_workers
        return iter(range(w.id * per, (w.id + 1) * per))


if V == 0:
    loader = DataLoader(JsonlShards(files), batch_size=4, num_workers=0)   # debugging locally
    for x, y in loader:
        print(x.shape, y)
elif V == 1:
    train = DataLoader(JsonlShards(files[:3]), batch_size=6, num_workers=2)
    for step, (x, y) in enumerate(train):
        print(f"train step {step} batch {tuple(x.shape)}", flush=True)
    val = DataLoader(JsonlShards(files[3:]), batch_size=6)
    for x, y in val:
        print("val", x.shape)
elif V == 2:
    ds = JsonlShards(files)
    first = next(iter(ds))                                     # sanity check before training
    print(first)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("stream")
    log.info("counting samples")
    try:
        total = sum(1 for _ in RangeShards(100))
    except AttributeError:
        log.exception("could not iterate RangeShards")
        raise
    log.info("%d samples", total)
