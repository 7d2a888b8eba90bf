"""numpy UFuncTypeError: Cannot cast ufunc output from float64 to an integer dtype with casting rule 'same_kind' on +=, /=, -=."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)


def weighted_counts(labels, weights, n_classes):
    counts = np.zeros(n_classes, dtype=int)
    for chunk in range(0, len(labels), 4):
        counts += np.bincount(labels[chunk:chunk + 4], weights=weights[chunk:chunk + 4], minlength=n_classes)
    return counts


def normalize_image(img):
    img /= 255
    return img


def center(column):
    column -= column.mean()
    return column


if V == 0:
    print(weighted_counts(rng.integers(0, 4, 10), rng.random(10), 4))
elif V == 1:
    batch = rng.integers(0, 256, size=(2, 8, 8, 3), dtype=np.uint8)
    print([normalize_image(im).max() for im in batch])
else:
    ages = np.array([23, 35, 41, 29, 52])
    print("centered", center(ages))
