"""AssertionError from the user's own sanity check."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def check_split(train, val, test):
    total = len(train) + len(val) + len(test)
    assert total == 100, f"expected 100 rows, got {total}"


def check_probs(p):
    assert np.allclose(p.sum(axis=1), 1.0)


def check_ids(ids):
    assert len(set(ids)) == len(ids), "duplicate ids: %s" % sorted(i for i in set(ids) if ids.count(i) > 1)


rows = list(range(99))
if V == 0:
    check_split(rows[:80], rows[80:90], rows[90:])
elif V == 1:
    print("checking probabilities of 4 samples")
    check_probs(np.array([[0.2, 0.8], [0.5, 0.5], [0.3, 0.6], [1.0, 0.0]]))
else:
    check_ids([101, 102, 103, 102, 105, 101])
