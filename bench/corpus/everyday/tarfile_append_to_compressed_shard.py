"""ValueError: mode must be 'r', 'w' or 'x': a job appends new samples to an existing gzip-compressed tar shard (tarfile.open(path, 'a:gz'), 'a|gz', 'a:*' or plain 'a' on a .tar.gz); tarfile can only append to uncompressed archives."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import json
import logging
import sys
import tarfile
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n_old, n_new = [(20, 5), (12, 3), (30, 8), (8, 2)][V]
Path("shards").mkdir()
SHARD = "shards/train-000.tar.gz"


def add_json(tf, name, obj):
    data = json.dumps(obj).encode()
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tf.addfile(info, io.BytesIO(data))


with tarfile.open(SHARD, "w:gz") as tf:
    for i in range(n_old):
        add_json(tf, f"{i:06d}.json", {"id": i, "text": f"old sample {i} " * 20, "label": i % 3})
print(f"{SHARD}: {n_old} samples")
new_samples = [{"id": n_old + j, "text": f"relabelled sample {j}", "label": j % 3} for j in range(n_new)]

if V == 0:
    print(f"appending {len(new_samples)} relabelled samples")
    with tarfile.open(SHARD, "a:gz") as tf:
        for s in new_samples:
            add_json(tf, f"{s['id']:06d}.json", s)
elif V == 1:
    def append_samples(path, samples):
        with tarfile.open(path, "a") as tf:
            for s in samples:
                add_json(tf, f"{s['id']:06d}.json", s)

    print(f"appending {len(new_samples)} samples to {SHARD}")
    append_samples(SHARD, new_samples)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("shard_writer")

    class ShardWriter:
        def __init__(self, path):
            self.path = path
            log.info("opening %s for streaming append", path)
            self.tf = tarfile.open(path, "a|gz")

        def write(self, sample):
            add_json(self.tf, f"{sample['id']:06d}.json", sample)

    writer = ShardWriter(SHARD)
    for s in new_samples:
        writer.write(s)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("backfill")
    log.info("backfilling %d samples; compression detected from the file like for reading", len(new_samples))
    with tarfile.open(SHARD, "a:*") as tf:
        for s in new_samples:
            add_json(tf, f"{s['id']:06d}.json", s)
