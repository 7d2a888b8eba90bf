"""ValueError from random/numpy sampling more items than the population without replacement."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import random
import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
pool = [f"img_{i}.png" for i in range(8)]

if V == 0:
    rng = np.random.default_rng(0)
    val = rng.choice(pool, size=10, replace=False)
elif V == 1:
    val = np.random.choice(len(pool), 12, replace=False)
else:
    val = random.sample(pool, 20)
print(val)
