"""RuntimeError from threading misuse: starting a thread twice, releasing an unlocked lock, joining before start."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
import threading
import time

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
lock = threading.Lock()
results = []


def prefetch(shard):
    time.sleep(0.01)
    results.append(shard)


def record(value):
    if value is not None:
        with lock:
            results.append(value)
    lock.release()


loader = threading.Thread(target=prefetch, args=("shard-0",), name="prefetch")
if V == 0:
    for epoch in range(2):
        print(f"epoch {epoch}: starting prefetch", flush=True)
        loader.start()
        loader.join()
elif V == 1:
    record(0.5)
else:
    print("waiting for prefetch", flush=True)
    loader.join()
    loader.start()
print(results)
