"""queue.Empty / queue.Full from get(timeout=...) or put_nowait when a producer stopped early or the buffer is full."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import multiprocessing as mp
import queue
import sys
import threading

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def produce(q, n):
    for i in range(n):
        q.put(f"batch-{i}")


def consume(q, expected):
    for i in range(expected):
        item = q.get(timeout=0.5)
        print("got", item, flush=True)


if __name__ == "__main__":
    if V == 0:
        q = queue.Queue()
        t = threading.Thread(target=produce, args=(q, 3))
        t.start()
        consume(q, 5)
    elif V == 1:
        buffer = queue.Queue(maxsize=4)
        for i in range(6):
            buffer.put_nowait(f"sample-{i}")
            print("buffered", i, flush=True)
    else:
        q = mp.Queue()
        p = mp.Process(target=produce, args=(q, 2))
        p.start()
        consume(q, 4)
