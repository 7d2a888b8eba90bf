"""pathlib glob given an absolute pattern (a full path from the config) or an empty pattern: Non-relative patterns are unsupported / Unacceptable pattern."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from pathlib import Path

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

for split in ["train", "val"]:
    d = Path("data") / split
    d.mkdir(parents=True)
    for i in range(3):
        np.save(d / f"shard_{i:02d}.npy", np.zeros((4, 8), dtype=np.float32))

CONFIG = {
    "data_root": "data",
    "train_glob": str(Path.cwd() / "data" / "train" / "*.npy"),
    "val_glob": "",
}


def list_shards(root, pattern):
    return sorted(Path(root).glob(pattern))


def count_rows(paths):
    return sum(np.load(p).shape[0] for p in paths)


if V == 0:
    shards = list_shards(CONFIG["data_root"], CONFIG["train_glob"])
    print(f"{len(shards)} train shards, {count_rows(shards)} rows")
elif V == 1:
    print("train:", count_rows(list_shards("data", "train/*.npy")))
    print("val:", count_rows(list_shards("data/val", CONFIG["val_glob"])))
else:
    for p in Path("data").rglob("/train/*.npy"):
        print(p)
