"""TypeError from defaultdict with a non-callable default or sum() over strings."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from collections import Counter, defaultdict

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

words = "the cat sat on the mat".split()

if V == 0:
    counts = defaultdict(0)
    for w in words:
        counts[w] += 1
elif V == 1:
    print(sum(words))
else:
    c = Counter(words)
    print(c.most_common("3"))
