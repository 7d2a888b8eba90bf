"""Work is submitted to a ThreadPoolExecutor after its `with` block (or an explicit shutdown) has closed it: RuntimeError: cannot schedule new futures after shutdown."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import hashlib
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(threadName)s] %(message)s")
log = logging.getLogger("hasher")

os.makedirs("exports", exist_ok=True)
for i in range(6):
    with open(f"exports/part-{i:03d}.csv", "w") as f:
        f.write("id,value\n" + "".join(f"{j},{j * i}\n" for j in range(50)))


def digest(path):
    with open(path, "rb") as f:
        return path, hashlib.sha256(f.read()).hexdigest()[:12]


class Manifest:
    def __init__(self, workers=2):
        self.pool = ThreadPoolExecutor(max_workers=workers)
        self.entries = {}

    def add(self, paths):
        for path, h in self.pool.map(digest, paths):
            self.entries[path] = h
            log.info("%s %s", path, h)

    def close(self):
        self.pool.shutdown(wait=True)


paths = sorted(os.path.join("exports", p) for p in os.listdir("exports"))
if V == 0:
    with ThreadPoolExecutor(max_workers=3) as pool:
        futures = [pool.submit(digest, p) for p in paths[:3]]
    for fut in futures:
        log.info("%s %s", *fut.result())
    late = [pool.submit(digest, p) for p in paths[3:]]
elif V == 1:
    manifest = Manifest()
    manifest.add(paths[:4])
    manifest.close()
    log.info("manifest closed with %d entries", len(manifest.entries))
    manifest.add(paths[4:])  # a late shard arrives
else:
    def build(pool, batch):
        return [pool.submit(digest, p) for p in batch]

    pool = ThreadPoolExecutor(max_workers=2)
    try:
        first = build(pool, paths[:2])
        print([f.result()[1] for f in first])
    finally:
        pool.shutdown()
    second = build(pool, paths[2:])
    print([f.result()[1] for f in second])
