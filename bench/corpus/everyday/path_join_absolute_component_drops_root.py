"""A manifest stores paths with a leading slash, so os.path.join / Path / drop the data root and the file is looked up at the filesystem root."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import os
import sys
from pathlib import Path

VARIANT = int(sys.argv[1])

root = os.path.join(os.getcwd(), "dataset")
os.makedirs(os.path.join(root, "images"), exist_ok=True)
os.makedirs(os.path.join(root, "shards"), exist_ok=True)
for i in range(4):
    with open(os.path.join(root, "images", f"img_{i:04d}.jpg"), "wb") as f:
        f.write(b"\xff\xd8\xff\xe0" + bytes(64))
    with open(os.path.join(root, "shards", f"part-{i:05d}.txt"), "w") as f:
        f.write("hello\n")

# the export tool writes paths "relative to the dataset root", with a leading slash
with open(os.path.join(root, "manifest.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["path", "label"])
    for i in range(4):
        w.writerow([f"/images/img_{i:04d}.jpg", i % 2])


def read_manifest():
    with open(os.path.join(root, "manifest.csv"), newline="") as f:
        return list(csv.DictReader(f))


if VARIANT == 0:
    items = read_manifest()
    print(f"{len(items)} items in manifest")
    for item in items:
        with open(os.path.join(root, item["path"]), "rb") as f:
            print(item["path"], len(f.read()))
elif VARIANT == 1:
    data_root = Path(root)
    for n, item in enumerate(read_manifest()):
        size = (data_root / item["path"]).stat().st_size
        print(f"{n}: {size} bytes")
else:
    cfg = {"data_root": root, "train_shards": "/shards"}
    shard_dir = os.path.join(cfg["data_root"], cfg["train_shards"])
    print(f"listing shards in {cfg['train_shards']}")
    shards = sorted(os.listdir(shard_dir))
    print(f"{len(shards)} shards")
