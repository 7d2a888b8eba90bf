"""One batch generator shared by several threads (a prefetch pool, parallel eval workers) is advanced from two threads at once: ValueError: generator already executing."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import queue
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("corpus.txt", "w") as f:
    for i in range(400):
        f.write(f"line {i} of the training corpus\n")


def read_batches(path, batch_size):
    batch = []
    with open(path) as f:
        for line in f:
            batch.append(line.split())
            if len(batch) == batch_size:
                time.sleep(0.05)   # tokenisation of the batch
                yield batch
                batch = []


def worker(batches, wid):
    n = 0
    for batch in batches:
        n += len(batch)
    print(f"worker {wid} tokenised {n} lines")
    return n


batches = read_batches("corpus.txt", batch_size=[16, 32, 8][V])
if V == 0:
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(worker, batches, i) for i in range(4)]
        print("total", sum(f.result() for f in futures))
elif V == 1:
    class Prefetcher:
        def __init__(self, it, depth=4):
            self.queue = queue.Queue(depth)
            self.thread = threading.Thread(target=self._fill, args=(it,), daemon=True)
            self.thread.start()

        def _fill(self, it):
            for item in it:
                self.queue.put(item)

    prefetch = Prefetcher(batches)
    time.sleep(0.02)                       # building the model
    sample = next(batches)                 # peek at one batch to log its shape
    print("first batch:", len(sample), "lines")
else:
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda _: next(batches), range(6)))
    print([len(b) for b in results])
