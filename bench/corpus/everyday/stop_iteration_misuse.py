"""StopIteration (or RuntimeError from a generator) when next() is called on an exhausted iterator."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
batches = [[1, 2], [3, 4], [5, 6]]


def pairs(items):
    it = iter(items)
    while True:
        a = next(it)
        b = next(it)
        yield a, b


if V == 0:
    it = iter(batches)
    for step in range(5):
        batch = next(it)
        print(f"step {step}: {batch}")
elif V == 1:
    header = next(line for line in ["a", "b"] if line.startswith("#"))
else:
    for a, b in pairs([1, 2, 3]):
        print(a, b)
