"""AttributeError: 'NoneType' object has no attribute 'read': a loop over every member of a tar shard reads each with TarFile.extractfile, which returns None for the directory entries that tar.add(folder) also wrote (then .read(), json.load, TextIOWrapper or np.load fail on None)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import json
import logging
import sys
import tarfile
from pathlib import Path

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n = [4, 3, 5, 2][V]

src = Path("shard_src")
(src / "samples").mkdir(parents=True)
for i in range(n):
    (src / "samples" / f"{i:05d}.json").write_text(json.dumps({"id": i, "text": f"sample {i}", "label": i % 2}))
    np.save(src / "samples" / f"{i:05d}.npy", np.random.default_rng(i).normal(size=8).astype(np.float32))
with tarfile.open("shard-000.tar", "w") as tf:
    tf.add(src, arcname="shard-000")          # adds the folders as members too
print("shard-000.tar:", len(tarfile.open("shard-000.tar").getmembers()), "members")

if V == 0:
    with tarfile.open("shard-000.tar") as tf:
        total = 0
        for member in tf.getmembers():
            data = tf.extractfile(member).read()
            total += len(data)
    print("bytes read", total)
elif V == 1:
    records = []
    with tarfile.open("shard-000.tar") as tf:
        for member in tf:
            if member.name.endswith(".npy"):
                continue
            records.append(json.load(tf.extractfile(member)))
            print("loaded", member.name)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("webdataset_lite")

    def iter_text_members(path):
        with tarfile.open(path) as tf:
            for m in tf.getmembers():
                if m.name.endswith(".npy"):
                    continue
                log.info("member %s (%d bytes)", m.name, m.size)
                yield m.name, io.TextIOWrapper(tf.extractfile(m), encoding="utf-8").read()

    for name, text in iter_text_members("shard-000.tar"):
        log.info("%s: %s", name, text[:40])
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("embeddings")
    with tarfile.open("shard-000.tar") as tf:
        vectors = {}
        for m in sorted(tf.getmembers(), key=lambda m: m.name):
            if m.name.endswith(".json"):
                continue
            vectors[m.name] = np.load(tf.extractfile(m))
            log.info("%s -> %s", m.name, vectors[m.name].shape)
