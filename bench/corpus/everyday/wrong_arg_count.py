"""TypeError from calling a user function with the wrong number or names of arguments."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def normalize(values, mean):
    return [v - mean for v in values]


def split_dataset(rows, ratio, seed):
    cut = int(len(rows) * ratio)
    return rows[:cut], rows[cut:]


def load(path, *, encoding="utf-8"):
    return path, encoding


rows = list(range(20))
if V == 0:
    print(normalize(rows, 9.5, 2.0))
elif V == 1:
    train, val = split_dataset(rows, 0.8)
else:
    print(load("data.txt", enc="latin-1"))
