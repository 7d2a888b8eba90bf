"""tools/write_shards.py was changed to write shards with tarfile mode "w" instead of "w:gz" (the JPEGs do not compress and gzip cost an hour per export), but it still names them train-NNNNN.tar.gz; the training node's fetch step extracts every shard with `tar -xzf`."""
EXPECT = ["image-shards-written-uncompressed-still-named-tar-gz"]
VARIANTS = 4

import io
import logging
import os
import subprocess
import sys
import tarfile

import numpy as np

VARIANT = int(sys.argv[1])
SPLIT = {0: "train", 1: "val", 2: "train", 3: "train"}[VARIANT]
N_SHARDS = {0: 4, 1: 2, 2: 4, 3: 4}[VARIANT]


def write_shards(split, n_shards, out_dir="shards", per_shard=16):
    """tools/write_shards.py (the export job)."""
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    paths = []
    for s in range(n_shards):
        path = os.path.join(out_dir, f"{split}-{s:05d}.tar.gz")
        with tarfile.open(path, "w") as tar:  # was "w:gz"
            for i in range(per_shard):
                for ext, payload in (("jpg", b"\xff\xd8\xff\xe0" + rng.bytes(2048)), ("cls", str(int(rng.integers(0, 12))).encode())):
                    info = tarfile.TarInfo(f"{split}_{s:05d}_{i:04d}.{ext}")
                    info.size = len(payload)
                    tar.addfile(info, io.BytesIO(payload))
        paths.append(path)
    return paths


def extract(shard, dest):
    os.makedirs(dest, exist_ok=True)
    subprocess.run(["tar", "-xzf", shard, "-C", dest], check=True)


class ShardFetcher:
    def __init__(self, dest):
        self.dest = dest

    def fetch_all(self, shards):
        for shard in shards:
            extract(shard, self.dest)
        return len(os.listdir(self.dest))


def main():
    shards = write_shards(SPLIT, N_SHARDS)
    dest = f"data/{SPLIT}" if VARIANT != 1 else f"scratch/{SPLIT}"
    if VARIANT == 3:
        print(f"{len(shards)} shards listed in shards/{SPLIT}.txt", flush=True)
        print(f"extracting to {dest}", flush=True)
    if VARIANT == 1:
        print(ShardFetcher(dest).fetch_all(shards))
    else:
        for shard in shards:
            extract(shard, dest)
        print(f"{len(os.listdir(dest))} files in {dest}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s fetch_shards: %(message)s")
        logging.info("fetching %s shards", SPLIT)
        try:
            main()
        except Exception:
            logging.exception("shard fetch failed")
            sys.exit(1)
    else:
        main()
