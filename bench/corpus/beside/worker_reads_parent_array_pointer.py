"""To avoid pickling a large feature matrix, a scoring script passes each worker the matrix's raw address (arr.ctypes.data) and reads rows with ctypes.string_at; the address is only valid in the parent process, and the spawned worker crashes reading it."""
# beside: embed-workers-spawn-initializer-reads-config-set-under-main
# why: the worker process dies of a segmentation fault from reading another process's memory address, not from an initializer's NameError; the fix is shared memory (multiprocessing.shared_memory or np.memmap), not passing the config.
EXPECT = []
VARIANTS = 2

import ctypes
import multiprocessing as mp
import sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np

VARIANT = int(sys.argv[1])
ROWS, COLS = {0: (20000, 64), 1: (50000, 32)}[VARIANT]


def score_rows(address, start, stop):
    raw = ctypes.string_at(address + start * COLS * 4, (stop - start) * COLS * 4)
    block = np.frombuffer(raw, dtype=np.float32).reshape(-1, COLS)
    return float(block.sum())


if __name__ == "__main__":
    features = np.random.default_rng(VARIANT).normal(size=(ROWS, COLS)).astype(np.float32)
    address = features.ctypes.data
    print(f"scoring {ROWS} rows in 4 chunks")
    with ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as pool:
        step = ROWS // 4
        futures = [pool.submit(score_rows, address, i, i + step) for i in range(0, ROWS, step)]
        print(sum(f.result() for f in futures))
