"""A near-duplicate finder converts float32 cosine similarities to angles with math.acos; identical product embeddings give a similarity a hair above 1.0."""
# beside: running-stats-one-pass-variance-negative
# why: the out-of-domain value is float32 rounding of a cosine above 1 in the user's acos call, not a negative variance from running statistics.
EXPECT = []
VARIANTS = 2

import math
import sys

import numpy as np

VARIANT = int(sys.argv[1])

rng = np.random.default_rng({0: 0, 1: 3}[VARIANT])
emb = rng.normal(size=({0: 50, 1: 200}[VARIANT], 64)).astype(np.float32)
emb /= np.linalg.norm(emb, axis=1, keepdims=True)
sims = emb @ emb.T
if VARIANT == 1:
    print(f"{len(emb)} products, computing pairwise angles")
angles = [[math.degrees(math.acos(s)) for s in row] for row in sims]
near_dupes = [(i, j) for i, row in enumerate(angles) for j, a in enumerate(row) if i < j and a < 5]
print(f"{len(near_dupes)} near-duplicate pairs")
