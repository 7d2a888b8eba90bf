"""RuntimeError: Queue objects should only be shared between processes through inheritance: a multiprocessing Queue, Lock or Value (a progress queue, a file lock, a shared counter) passed as an argument to Pool / ProcessPoolExecutor tasks."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import multiprocessing as mp
import sys
from concurrent.futures import ProcessPoolExecutor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def resize_shard(args):
    shard_id, progress = args
    for i in range(3):
        progress.put((shard_id, i))
    return shard_id


def append_rows(path, rows, lock):
    with lock:
        with open(path, "a") as f:
            f.writelines(f"{r}\n" for r in rows)
    return len(rows)


def count_valid(shard, counter):
    n = sum(1 for x in shard if x % 3)
    with counter.get_lock():
        counter.value += n
    return n


if __name__ == "__main__":
    if V == 0:
        progress = mp.Queue()
        with mp.Pool(2) as pool:
            done = pool.map(resize_shard, [(s, progress) for s in range(4)])
        print("shards done:", done)
    elif V == 1:
        lock = mp.Lock()
        print("writing 3 chunks to features.csv", flush=True)
        with ProcessPoolExecutor(max_workers=2) as ex:
            futs = [ex.submit(append_rows, "features.csv", range(i * 10, i * 10 + 10), lock) for i in range(3)]
            print(sum(f.result() for f in futs))
    elif V == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        log = logging.getLogger("prep")
        q = mp.Queue()
        with mp.Pool(2) as pool:
            jobs = [pool.apply_async(resize_shard, ((s, q),)) for s in range(3)]
            for j in jobs:
                log.info("shard %s finished", j.get())
    else:
        class Counter:
            def __init__(self):
                self.valid = mp.Value("i", 0)

            def run(self, shards):
                with mp.Pool(2) as pool:
                    return pool.starmap(count_valid, [(s, self.valid) for s in shards])

        shards = [list(range(i, i + 20)) for i in range(0, 80, 20)]
        print(f"{len(shards)} shards", flush=True)
        c = Counter()
        c.run(shards)
        print("valid rows:", c.valid.value)
