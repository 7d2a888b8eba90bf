"""concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly: a data-prep script starts a spawn/forkserver ProcessPoolExecutor at module level without `if __name__ == "__main__":`, so every child re-runs the script and dies in its bootstrapping phase."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import multiprocessing as mp
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def featurize(i):
    return {"id": i, "len": len(str(i) * 7), "even": i % 2 == 0}


print(f"featurize: variant {V}", flush=True)

if V == 0:
    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=ctx) as ex:
        rows = list(ex.map(featurize, range(16)))
    print(len(rows), "rows")
elif V == 1:
    mp.set_start_method("spawn", force=True)   # copied from a CUDA training script
    with ProcessPoolExecutor(max_workers=2) as ex:
        rows = list(ex.map(featurize, range(16), chunksize=4))
    print(len(rows), "rows")
elif V == 2:
    def build_features(n, workers=2):
        ctx = mp.get_context("forkserver")
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as ex:
            return [f.result() for f in [ex.submit(featurize, i) for i in range(n)]]

    feats = build_features(12)
    print(feats[:2])
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(process)d %(message)s")
    log = logging.getLogger("features")
    log.info("starting pool")
    ex = ProcessPoolExecutor(max_workers=2, mp_context=mp.get_context("spawn"))
    futures = {ex.submit(featurize, i): i for i in range(8)}
    for fut in as_completed(futures):
        try:
            log.info("row %d: %s", futures[fut], fut.result())
        except Exception:
            log.exception("row %d failed", futures[fut])
            raise
