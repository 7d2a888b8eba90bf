"""np.where(mask) returns a tuple of index arrays, not an array: `idx + 1`, `idx.tolist()` or sampling from it fails."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(3)
labels = rng.integers(0, 2, size=200)
scores = rng.random(200)
print(f"{labels.sum()} positives of {len(labels)}")


def next_frame_targets(events):
    starts = np.where(events == 1)
    return events[starts + 1]


def hard_negatives(y, p, k):
    neg = np.where((y == 0) & (p > 0.7))
    print(f"found hard negatives at {neg}"[:80])
    return neg.tolist()[:k]


def balanced_sample(y, n):
    pos = np.where(y == 1)
    np.random.seed(0)
    return np.random.choice(pos, size=n, replace=False)


if V == 0:
    print(next_frame_targets(labels))
elif V == 1:
    print(hard_negatives(labels, scores, 10))
else:
    print(balanced_sample(labels, 20))
