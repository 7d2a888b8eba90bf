"""A teammate's new jobs/embed_reviews.py copies the catalog job's pool setup: spawn start method, and an initializer that reads the module-level TOKENIZER_CFG, assigned only in the `if __name__ == "__main__":` block."""
# beside: embed-workers-spawn-initializer-reads-config-set-under-main
# why: spawned workers never run the __main__ block, so the global the initializer reads does not exist there, the entry's cause and fix.
EXPECT = ["embed-workers-spawn-initializer-reads-config-set-under-main"]
VARIANTS = 3

import multiprocessing as mp
import sys
from concurrent.futures import ProcessPoolExecutor

VARIANT = int(sys.argv[1])
_LOWER = None


def _init_worker():
    global _LOWER
    _LOWER = TOKENIZER_CFG["lowercase"]


def tokenize(review):
    return (review.lower() if _LOWER else review).split()


if __name__ == "__main__":
    TOKENIZER_CFG = {"lowercase": True, "max_tokens": {0: 128, 1: 256, 2: 128}[VARIANT]}
    reviews = [f"Great fit, runs small {i}" for i in range(300)]
    if VARIANT == 1:
        print(f"{len(reviews)} reviews, 4 workers")
    with ProcessPoolExecutor(max_workers=2 if VARIANT != 1 else 4, mp_context=mp.get_context("spawn"),
                             initializer=_init_worker) as pool:
        tokens = list(pool.map(tokenize, reviews, chunksize=50))
    print(sum(map(len, tokens)))
