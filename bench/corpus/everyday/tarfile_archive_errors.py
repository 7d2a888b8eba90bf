"""tarfile errors unpacking data shards or a run archive: not a tar file, the wrong compression mode, a member path with another prefix, an absolute symlink under filter='data'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import logging
import os
import sys
import tarfile
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("prepare_shards")


def write_shard(path, prefix, n=3, mode="w:gz"):
    with tarfile.open(path, mode) as tf:
        for i in range(n):
            payload = f"sample_{i},{i % 2}\n".encode()
            info = tarfile.TarInfo(f"{prefix}/part_{i:03d}.csv")
            info.size = len(payload)
            tf.addfile(info, io.BytesIO(payload))
        labels = b"id,label\n0,cat\n1,dog\n"
        info = tarfile.TarInfo(f"{prefix}/labels.csv")
        info.size = len(labels)
        tf.addfile(info, io.BytesIO(labels))


def unpack_shard(path, dest):
    log.info("unpacking %s -> %s", path, dest)
    with tarfile.open(path) as tf:
        tf.extractall(dest, filter="data")
    return sorted(p.name for p in Path(dest).rglob("*.csv"))


def read_labels(path):
    with tarfile.open(path, "r:gz") as tf:
        handle = tf.extractfile("labels.csv")
        return handle.read().decode().splitlines()


def open_uncompressed(path):
    with tarfile.open(path, "r:gz") as tf:
        return tf.getnames()


def archive_run(run_dir, out):
    with tarfile.open(out, "w") as tf:
        tf.add(run_dir, arcname=os.path.basename(run_dir))
    return out


Path("shards").mkdir()
if V == 0:
    write_shard("shards/train_000.tar.gz", "train_000")
    Path("shards/train_001.tar.gz").write_text("<html><body>403 Forbidden</body></html>\n")
    for name in sorted(os.listdir("shards")):
        files = unpack_shard(os.path.join("shards", name), "data/train")
        log.info("got %d csv files", len(files))
elif V == 1:
    write_shard("shards/val_000.tar.gz", "val_000")
    log.info("reading labels from shards/val_000.tar.gz")
    print(read_labels("shards/val_000.tar.gz")[:3])
elif V == 2:
    run = Path("runs/exp_017")
    (run / "checkpoints").mkdir(parents=True)
    (run / "checkpoints" / "epoch_004.pt").write_bytes(b"\0" * 64)
    os.symlink(os.path.abspath(run / "checkpoints" / "epoch_004.pt"), run / "last.pt")
    archive_run(str(run), "exp_017.tar")
    log.info("archived %s, restoring on the eval box", run)
    print(unpack_shard("exp_017.tar", "restored"))
else:
    write_shard("shards/test_000.tar", "test_000", n=5, mode="w")
    log.info("listing shards/test_000.tar")
    print(open_uncompressed("shards/test_000.tar"))
