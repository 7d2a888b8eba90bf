"""ValueError from zip(strict=True) or a dict built from lists of different lengths."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg"]
labels = [0, 1, 1]

if V == 0:
    for n, l in zip(names, labels, strict=True):
        print(n, l)
elif V == 1:
    pairs = [("lr", 0.1), ("epochs", 3), ("seed",)]
    print(dict(pairs))
else:
    print(list(zip(labels, names, strict=True)))
