"""An exception in a ThreadPoolExecutor task re-raised from future.result()."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("shards", exist_ok=True)
for i in range(5):
    with open(f"shards/part-{i}.json", "w") as f:
        f.write('{"n": %d}' % i if i != 3 else '{"n": 3')


def load(i):
    with open(f"shards/part-{i}.json") as f:
        return json.load(f)["n"]


def count(i):
    return load(i) / (i - 2)


fn = [load, count, load][V]
n = [5, 3, 7][V]
with ThreadPoolExecutor(max_workers=3) as ex:
    futures = {ex.submit(fn, i): i for i in range(n)}
    for fut in as_completed(futures):
        print(f"shard {futures[fut]} -> {fut.result()}", flush=True)
