"""ValueError: signal only works in main thread of the main interpreter, installing a SIGTERM/SIGALRM handler (checkpoint-on-preemption, a per-batch timeout) from a worker thread or a thread pool task."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(threadName)s %(levelname)s %(message)s")
log = logging.getLogger("trainer")


class PreemptionGuard:
    def __init__(self, save_fn):
        self.save_fn = save_fn
        signal.signal(signal.SIGTERM, self._on_term)

    def _on_term(self, signum, frame):
        log.warning("SIGTERM received, saving checkpoint")
        self.save_fn()


def _raise_timeout(signum, frame):
    raise TimeoutError("batch took too long")


def time_limit(seconds):
    def deco(fn):
        def wrapper(*a, **kw):
            signal.signal(signal.SIGALRM, _raise_timeout)
            signal.alarm(seconds)
            try:
                return fn(*a, **kw)
            finally:
                signal.alarm(0)
        return wrapper
    return deco


def train_loop(steps):
    PreemptionGuard(lambda: log.info("checkpoint saved"))
    for step in range(steps):
        time.sleep(0.01)
        log.info("step %d", step)


@time_limit(5)
def score_shard(i):
    time.sleep(0.01)
    return i * 0.1


if V == 0:
    log.info("starting training in background thread")
    result = {}

    def target():
        try:
            train_loop(3)
        except Exception as e:
            result["error"] = e

    worker = threading.Thread(target=target, name="train-thread")
    worker.start()
    worker.join()
    if "error" in result:
        raise result["error"]
elif V == 1:
    for i in range(2):
        log.info("main thread shard %d -> %.2f", i, score_shard(i))
    with ThreadPoolExecutor(max_workers=2) as pool:
        scores = [f.result() for f in [pool.submit(score_shard, i) for i in range(2, 6)]]
    print(scores)
else:
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="trainer") as pool:
        pool.submit(train_loop, 5).result()
