"""jobs/embed_catalog.py moved its ProcessPoolExecutor to the spawn start method (fork deadlocked after torch threads started); the worker initializer reads the module-level CONFIG, which the job only assigns inside `if __name__ == "__main__":`, a block spawned workers never run."""
EXPECT = ["embed-workers-spawn-initializer-reads-config-set-under-main"]
VARIANTS = 4

import json
import logging
import multiprocessing as mp
import sys
from concurrent.futures import ProcessPoolExecutor

VARIANT = int(sys.argv[1])
N_ITEMS = {0: 400, 1: 120, 2: 400, 3: 400}[VARIANT]

_VOCAB = None


def _init_worker():
    global _VOCAB
    with open(CONFIG["vocab_path"]) as fh:
        _VOCAB = json.load(fh)


def embed_title(title):
    dim = CONFIG["dim"]
    vec = [0.0] * dim
    for token in title.lower().split():
        vec[_VOCAB.get(token, 0) % dim] += 1.0
    return vec


def embed_all(titles, workers):
    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init_worker) as pool:
        return list(pool.map(embed_title, titles, chunksize=32))


class CatalogEmbedder:
    def __init__(self, workers):
        self.workers = workers

    def run(self, titles):
        return embed_all(titles, self.workers)


def main():
    words = ["running", "shoe", "trail", "waterproof", "jacket", "wool", "sock", "kids", "black", "blue"]
    with open("vocab.json", "w") as fh:
        json.dump({w: i for i, w in enumerate(words)}, fh)
    titles = [" ".join(words[(i + k) % len(words)] for k in range(4)) for i in range(N_ITEMS)]
    if VARIANT == 3:
        print(f"{len(titles)} catalog titles to embed")
        print("starting 2 embedding workers")
    if VARIANT == 1:
        vectors = CatalogEmbedder(workers=2).run(titles)
    else:
        vectors = embed_all(titles, workers=2)
    print(f"embedded {len(vectors)} titles")


if __name__ == "__main__":
    CONFIG = {"vocab_path": "vocab.json", "dim": {0: 64, 1: 32, 2: 64, 3: 64}[VARIANT]}
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s embed_catalog: %(message)s")
        logging.info("embedding %d items", N_ITEMS)
        try:
            main()
        except Exception:
            logging.exception("embedding job failed")
            sys.exit(1)
    else:
        main()
