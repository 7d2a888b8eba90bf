"""multiprocessing.pool.MaybeEncodingError: Error sending result: ... Reason: 'TypeError("cannot pickle 'generator' object")': a Pool worker in data prep returns something that cannot be pickled back to the parent (a generator, a dict view, a re.Match), not a list or plain values."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import multiprocessing as mp
import re
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
LINE = re.compile(r"step (?P<step>\d+) loss (?P<loss>[\d.]+)")


def tokenize_file(path):
    with open(path) as f:
        text = f.read()
    return (tok.lower() for tok in text.split())          # a generator, not a list


def count_tokens(path):
    counts = Counter()
    with open(path) as f:
        counts.update(f.read().lower().split())
    return counts.items()                                 # a dict view, merged later


def parse_log(path):
    with open(path) as f:
        return [m for m in map(LINE.search, f) if m]       # re.Match objects


if __name__ == "__main__":
    paths = []
    for i in range(4):
        p = f"doc_{i}.txt"
        with open(p, "w") as f:
            f.write(f"The Model number {i} reads Some Text\n" * 3)
        paths.append(p)
    for i in range(2):
        with open(f"train_{i}.log", "w") as f:
            f.write("".join(f"step {s} loss {1.0 / (s + 1):.3f}\n" for s in range(5)))

    if V == 0:
        with mp.Pool(2) as pool:
            docs = pool.map(tokenize_file, paths)
        print(sum(len(list(d)) for d in docs))
    elif V == 1:
        print(f"counting tokens in {len(paths)} files", flush=True)
        vocab = Counter()
        with mp.Pool(2) as pool:
            for i, items in enumerate(pool.imap(count_tokens, paths)):
                vocab.update(dict(items))
                print(f"file {i}: vocab size {len(vocab)}")
    elif V == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        log = logging.getLogger("logparse")
        log.info("parsing 2 training logs")
        with mp.Pool(2) as pool:
            res = pool.map_async(parse_log, ["train_0.log", "train_1.log"])
            try:
                matches = res.get(timeout=30)
            except Exception:
                log.exception("log parsing failed")
                raise
        log.info("%d steps", sum(len(m) for m in matches))
    elif V == 3:
        with ProcessPoolExecutor(max_workers=2) as ex:
            vocab = set()
            for toks in ex.map(tokenize_file, paths):
                vocab.update(toks)
        print(len(vocab))
    else:
        class Preprocessor:
            def __init__(self, workers=2):
                self.workers = workers

            def run(self, files):
                with mp.get_context("fork").Pool(self.workers) as pool:
                    return pool.starmap(tokenize_file, [(p,) for p in files])

        for shard in (paths[:2], paths[2:]):
            print(f"shard of {len(shard)} files", flush=True)
            Preprocessor().run(shard)
