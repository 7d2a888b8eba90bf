"""TypeError: unsupported operand type(s) in user arithmetic on mixed types."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def parse_weight(token):
    if token.isdigit():
        return int(token)  # returns None for anything else


def total_weight(tokens):
    total = 0
    for t in tokens:
        total = total + parse_weight(t)
    return total


if V == 0:
    print(total_weight(["3", "5", "x", "2"]))
elif V == 1:
    base = {"lr": 0.1}
    override = {"epochs": 5}
    print(base + override)
else:
    seen = ["a", "b", "c"]
    print(["a", "b", "c", "d"] - seen)
