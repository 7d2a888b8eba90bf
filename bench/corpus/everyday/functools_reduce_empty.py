"""TypeError: reduce() of empty iterable with no initial value when merging an empty list of shards."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import functools
import glob
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
for i in range(2):
    pd.DataFrame({"id": range(5), f"f{i}": range(5)}).to_csv(f"part-{i}.csv", index=False)


def merge_shards(pattern):
    frames = [pd.read_csv(p) for p in sorted(glob.glob(pattern))]
    print(f"{len(frames)} shards match {pattern}")
    return functools.reduce(lambda a, b: a.merge(b, on="id"), frames)


def common_ids(id_lists):
    return functools.reduce(set.intersection, (set(ids) for ids in id_lists))


def total_counts(batches):
    return functools.reduce(np.add, (np.bincount(b, minlength=3) for b in batches))


if V == 0:
    print(merge_shards("parts-*.csv"))
elif V == 1:
    print(common_ids([]))
else:
    print(total_counts(b for b in [] if len(b)))
