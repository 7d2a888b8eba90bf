"""OverflowError: Python integer N out of bounds for uint8/int8 when adding or assigning constants to small-dtype arrays."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)


def brighten(img, amount):
    return np.clip(img + amount, 0, 255)


def encode_labels(names, vocab):
    out = np.zeros(len(names), dtype=np.int8)
    for i, name in enumerate(names):
        out[i] = vocab.setdefault(name, len(vocab) * 50)
    return out


if V == 0:
    img = rng.integers(0, 256, size=(32, 32, 3), dtype=np.uint8)
    print("brightened", brighten(img, 300).mean())
elif V == 1:
    print(encode_labels(["cat", "dog", "cat", "bird", "fish"], {}))
else:
    mask_values = [0, 128, 255, 256]
    print(np.array(mask_values, dtype=np.uint8))
