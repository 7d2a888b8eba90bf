"""Interactions are keyed by user_id * 10**12 + item_id packed into one int64; user ids above about 9.2 million overflow it."""
# beside: merchant-id-hash-16-hex-digits-overflows-int64
# why: the overflow comes from the user's key-packing arithmetic on large user ids, not from a 64-bit sha1 hash of merchant ids.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
n = {0: 1000, 1: 20000}[VARIANT]
pairs = pd.DataFrame({"user_id": rng.integers(1, 12_000_000, n), "item_id": rng.integers(1, 500_000, n)})


def pair_key(user_id, item_id):
    return int(user_id) * 10**12 + int(item_id)


if VARIANT == 1:
    print(f"deduplicating {n} interactions")
keys = np.fromiter((pair_key(u, i) for u, i in zip(pairs.user_id, pairs.item_id)), dtype=np.int64, count=n)
print(len(np.unique(keys)))
