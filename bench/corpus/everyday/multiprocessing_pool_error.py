"""An exception inside a multiprocessing.Pool worker re-raised in the parent with a remote traceback."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import multiprocessing as mp
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DOCS = ["a b c", "d e", "", "f g h i", None, "j"]


def tokenize(doc):
    return len(doc.split())


def density(doc):
    return len(doc) / len(doc.split())


def lookup(doc):
    return {"a b c": 1, "d e": 2}[doc]


if __name__ == "__main__":
    fn = [tokenize, density, lookup][V]
    with mp.Pool(2) as pool:
        print("processing", len(DOCS), "documents", flush=True)
        print(pool.map(fn, DOCS))
