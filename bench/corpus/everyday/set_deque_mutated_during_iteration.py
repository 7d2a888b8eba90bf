"""RuntimeError: Set changed size during iteration / deque mutated during iteration, pruning a set of ids or growing a work deque while looping over it."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from collections import deque

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def drop_blocked(seen_ids, blocked_prefixes):
    for sid in seen_ids:
        if sid.startswith(blocked_prefixes):
            seen_ids.discard(sid)
    return seen_ids


def crawl(start_dirs, tree):
    pending = deque(start_dirs)
    visited = []
    for d in pending:
        visited.append(d)
        for child in tree.get(d, []):
            pending.append(child)
    return visited


def add_case_variants(vocab):
    for token in vocab:
        if token.istitle():
            vocab.add(token.lower())
    return vocab


if V == 0:
    ids = {f"{p}-{i}" for p in ("web", "app", "test") for i in range(5)}
    print(len(drop_blocked(ids, ("test",))), "ids kept")
elif V == 1:
    tree = {"data": ["data/raw", "data/clean"], "data/raw": ["data/raw/2024"], "data/clean": []}
    print(crawl(["data"], tree))
else:
    vocab = {"Paris", "london", "Berlin", "the", "model", "Token"}
    for step in range(3):
        print(f"building vocab pass {step + 1}/3 size={len(vocab)}", flush=True)
    print(sorted(add_case_variants(vocab)))
