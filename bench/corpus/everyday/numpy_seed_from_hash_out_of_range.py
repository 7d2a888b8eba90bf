"""A seed derived from hash(), time.time() or `base - rank` is passed to numpy: Seed must be between 0 and 2**32 - 1 / expected non-negative integer / cannot cast a float seed."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
import time

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def seed_for(experiment, fold):
    return hash((experiment, fold))


def make_folds(n, k, seed):
    np.random.seed(seed)
    order = np.random.permutation(n)
    return np.array_split(order, k)


if V == 0:
    for fold in range(3):
        seed = seed_for("resnet18-cifar", fold)
        print(f"fold {fold}: seed={seed}")
        folds = make_folds(1000, 5, seed)
elif V == 1:
    seed = time.time()
    print(f"no seed in config, using wall clock {seed:.0f}")
    folds = make_folds(500, 4, seed)
elif V == 2:
    base_seed, local_rank = 0, 3
    rng = np.random.default_rng(base_seed - local_rank)
    print(rng.integers(0, 10, 5))
else:
    run_id = "20240611-exp7"
    rng = np.random.RandomState(int.from_bytes(run_id.encode()[:8], "little"))
    print(rng.rand(3))
