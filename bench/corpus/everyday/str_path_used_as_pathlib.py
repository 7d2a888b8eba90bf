"""A path kept as a plain str (from argparse, os.environ, a JSON config) is used like a pathlib.Path: unsupported operand type(s) for /: 'str' and 'str', 'str' object has no attribute 'exists' / 'stem'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import json
import os
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

Path("data/raw").mkdir(parents=True, exist_ok=True)
Path("data/raw/train.csv").write_text("id,y\n1,0\n2,1\n")
Path("data/raw/valid.csv").write_text("id,y\n3,1\n")
with open("paths.json", "w") as f:
    json.dump({"data_dir": "data/raw", "out_dir": "data/processed"}, f)


def load_split(data_dir, split):
    path = data_dir / f"{split}.csv"
    return path.read_text().splitlines()


def ensure_outputs(cfg):
    out = cfg["out_dir"]
    if not out.exists():
        out.mkdir(parents=True)
    return out


class Catalog:
    def __init__(self, root):
        self.root = root

    def files(self):
        return sorted(str(p) for p in Path(self.root).glob("*.csv"))

    def names(self):
        return [p.stem for p in self.files()]


if V == 0:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", default="data/raw")
    args = parser.parse_args([])
    for split in ["train", "valid"]:
        rows = load_split(args.data_dir, split)
        print(split, len(rows) - 1, "rows")
elif V == 1:
    with open("paths.json") as f:
        cfg = json.load(f)
    print("config:", cfg)
    ensure_outputs(cfg)
else:
    os.environ.setdefault("DATA_ROOT", "data/raw")
    catalog = Catalog(os.environ["DATA_ROOT"])
    print("found", catalog.files())
    print(catalog.names())
