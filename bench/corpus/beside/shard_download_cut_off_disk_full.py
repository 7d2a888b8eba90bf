"""The training node pulls shards to a scratch disk that filled up during the copy; the copy step ignored the short write, and the truncated gzip fails when extracted."""
# beside: image-shards-written-uncompressed-still-named-tar-gz
# why: the shard is a real gzipped tar cut short by a failed copy (tar reports an unexpected end of file), not an uncompressed tar named .tar.gz; the fix is to free space and re-copy with a size/checksum check.
EXPECT = []
VARIANTS = 3

import io
import os
import subprocess
import sys
import tarfile

import numpy as np

VARIANT = int(sys.argv[1])
SHARD = {0: "audio-00003.tar.gz", 1: "clips-00011.tar.gz", 2: "audio-00003.tar.gz"}[VARIANT]

os.makedirs("bucket", exist_ok=True)
rng = np.random.default_rng(VARIANT)
with tarfile.open(f"bucket/{SHARD}", "w:gz") as tar:
    for i in range(40):
        payload = rng.bytes(8000)
        info = tarfile.TarInfo(f"clip_{i:04d}.wav")
        info.size = len(payload)
        tar.addfile(info, io.BytesIO(payload))


def copy_to_scratch(src, dst, limit):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(src, "rb") as fin, open(dst, "wb") as fout:
        fout.write(fin.read()[:limit])  # ENOSPC after this many bytes on the real disk


size = os.path.getsize(f"bucket/{SHARD}")
copy_to_scratch(f"bucket/{SHARD}", f"scratch/{SHARD}", size // 2)
if VARIANT == 2:
    print(f"copied {SHARD} to scratch", flush=True)
os.makedirs("scratch/audio", exist_ok=True)
subprocess.run(["tar", "-xzf", f"scratch/{SHARD}", "-C", "scratch/audio"], check=True)
