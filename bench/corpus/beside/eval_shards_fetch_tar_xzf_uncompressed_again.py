"""A teammate's new evaluation job fetches the eval shards written by tools/write_shards.py (tarfile mode "w", still named eval-NNNNN.tar.gz) and extracts them with `tar -xzf`, like the training node's fetch step."""
# beside: image-shards-written-uncompressed-still-named-tar-gz
# why: the shards are plain tars named .tar.gz by the shard writer and extracted with -z, the entry's cause and fix.
EXPECT = ["image-shards-written-uncompressed-still-named-tar-gz"]
VARIANTS = 2

import io
import os
import subprocess
import sys
import tarfile

VARIANT = int(sys.argv[1])
os.makedirs("shards", exist_ok=True)
for s in range(3):
    with tarfile.open(f"shards/eval-{s:05d}.tar.gz", "w") as tar:  # tools/write_shards.py, mode "w" since the gzip change
        for i in range(8):
            info = tarfile.TarInfo(f"eval_{s:05d}_{i:04d}.jpg")
            info.size = 4
            tar.addfile(info, io.BytesIO(b"\xff\xd8\xff\xe0"))

dest = {0: "data/eval", 1: "cache/eval"}[VARIANT]
os.makedirs(dest, exist_ok=True)
if VARIANT == 1:
    print("eval: fetching 3 shards", flush=True)
for s in range(3):
    subprocess.run(["tar", "-xzf", f"shards/eval-{s:05d}.tar.gz", "-C", dest], check=True)
print("extracted")
