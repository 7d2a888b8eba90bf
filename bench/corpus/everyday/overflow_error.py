"""OverflowError from math.exp or int/float conversion of a huge or infinite value."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import math
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

losses = [2.3, 4.1, 120.0, 810.5]

if V == 0:
    for loss in losses:
        print(f"loss={loss} perplexity={math.exp(loss):.2f}")
elif V == 1:
    best = float("inf")
    print("best epoch", int(best))
else:
    print(2.0 ** 5000)
