"""TypeError: object is not subscriptable when indexing None, an int or a generator."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

scores = [0.42, 0.91, 0.77, 0.65]

if V == 0:
    ranked = scores.sort(reverse=True)
    print("best:", ranked[0])
elif V == 1:
    count = len(scores)
    print("first:", count[0])
else:
    squares = (s * s for s in scores)
    print("top two:", squares[:2])
