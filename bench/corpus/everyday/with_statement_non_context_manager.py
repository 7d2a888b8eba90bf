"""A `with` statement given something that is not a context manager (lock.acquire()'s bool, a generator function missing @contextmanager, a timer class without __enter__/__exit__): TypeError: '...' object does not support the context manager protocol."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(message)s")
log = logging.getLogger("job")

COUNTS = {"rows": 0}
LOCK = threading.Lock()


def count_rows(shard):
    n = 100 + shard
    with LOCK.acquire(timeout=1):
        COUNTS["rows"] += n
    return n


def opened_shards(paths):  # meant as a @contextmanager
    handles = [open(p, "w") for p in paths]
    try:
        yield handles
    finally:
        for h in handles:
            h.close()


class Timer:
    def __init__(self, label):
        self.label = label

    def start(self):
        self.t0 = time.perf_counter()

    def stop(self):
        log.info("%s took %.3fs", self.label, time.perf_counter() - self.t0)


def preprocess(n):
    with Timer("preprocess"):
        return [i * i for i in range(n)]


if V == 0:
    with ThreadPoolExecutor(max_workers=3) as pool:
        for n in pool.map(count_rows, range(4)):
            log.info("shard done: %d rows", n)
elif V == 1:
    log.info("writing 3 shards")
    with opened_shards([f"shard-{i}.txt" for i in range(3)]) as files:
        for i, f in enumerate(files):
            f.write(f"shard {i}\n")
else:
    for epoch in range(2):
        log.info("epoch %d", epoch)
        preprocess(1000)
