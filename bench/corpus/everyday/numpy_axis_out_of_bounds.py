"""numpy AxisError: axis N is out of bounds, reducing over an axis the array does not have (a single sample's 1-D scores, grayscale images, 1-D arrays concatenated on axis 1)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)


def top_class(probs):
    return np.argmax(probs, axis=1)


def channel_means(images):
    return images.mean(axis=(0, 1, 2)) if images.ndim == 4 else images.mean(axis=3)


def stack_columns(*cols):
    return np.concatenate(cols, axis=1)


if V == 0:
    batch_probs = rng.dirichlet(np.ones(5), size=8)
    print("batch:", top_class(batch_probs))
    single = rng.dirichlet(np.ones(5))
    print("single:", top_class(single))
elif V == 1:
    rgb = rng.random((16, 32, 32, 3))
    print("rgb means", channel_means(rgb).round(3))
    gray = rng.random((16, 32, 32))
    print("gray means", channel_means(gray).round(3))
else:
    age = rng.integers(18, 90, 100).astype(float)
    income = rng.normal(4e4, 1e4, 100)
    X = stack_columns(age, income)
    print(X.shape)
