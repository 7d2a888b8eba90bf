"""RuntimeError: generator didn't yield / didn't stop, or a @contextmanager used without calling it."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import contextlib
import sys
import time

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
PROFILE = False


@contextlib.contextmanager
def timed(section):
    if not PROFILE and V == 0:
        return
    start = time.perf_counter()
    yield
    print(f"{section}: {time.perf_counter() - start:.3f}s")
    if V == 1:
        yield  # meant to report a second lap


def run_stage(name):
    print(f"stage {name}", flush=True)
    if V == 2:
        with timed:
            sum(range(1000))
    else:
        with timed(name):
            sum(range(1000))


for stage in ["load", "train"]:
    run_stage(stage)
