"""ValueError: math domain error from log/sqrt/acos of an out-of-range value."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import math
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def entropy(probs):
    return -sum(p * math.log(p) for p in probs)


def stddev(values):
    mean = sum(values) / len(values)
    var = sum(v * v for v in values) / len(values) - mean * mean - 1e-3
    return math.sqrt(var)


def angle(a, b):
    dot = sum(x * y for x, y in zip(a, b))
    return math.degrees(math.acos(dot))


if V == 0:
    print(entropy([0.5, 0.25, 0.25, 0.0]))
elif V == 1:
    print(stddev([2.0, 2.0, 2.0, 2.0]))
else:
    print(angle([1.0, 1.0], [1.0, 0.5]))
