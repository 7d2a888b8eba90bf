"""TypeError: object is not iterable from looping over an int or unpacking None."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

data = ["a", "b", "c", "d"]


def split(rows):
    cut = int(len(rows) * 0.75)
    train, test = rows[:cut], rows[cut:]  # forgot to return


if V == 0:
    for i in len(data):
        print(i, data[i])
elif V == 1:
    train, test = split(data)
else:
    total = 0.0
    for x in 3.5:
        total += x
