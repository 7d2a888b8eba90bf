"""TypeError: unhashable type when a list, dict or array is used as a dict key or set member."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    cache = {}
    for tokens in [["a", "b"], ["c"]]:
        cache[tokens] = len(tokens)
elif V == 1:
    records = [{"id": 1}, {"id": 2}, {"id": 1}]
    unique = set(records)
else:
    seen = set()
    for row in np.arange(6).reshape(3, 2):
        seen.add(row)
print("done")
