"""ValueError: cannot reshape array of size N into shape ... in user preprocessing."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
SIZE, SHAPE = [(10, (3, 4)), (28 * 28 * 5, (-1, 32, 32)), (100, (3, -1))][V]


def load_pixels():
    return np.arange(SIZE, dtype=np.float32)


def to_images(flat):
    print(f"reshaping {flat.size} values into {SHAPE}")
    return flat.reshape(SHAPE)


print(to_images(load_pixels()).shape)
