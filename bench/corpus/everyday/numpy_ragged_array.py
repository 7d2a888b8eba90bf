"""ValueError: setting an array element with a sequence from ragged Python lists."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

sentences = ["the cat sat", "a dog", "birds fly south in winter"]
token_ids = [[len(w) for w in s.split()] for s in sentences]

if V == 0:
    arr = np.array(token_ids)
elif V == 1:
    arr = np.array(token_ids, dtype=np.int64)
else:
    arr = np.zeros(3)
    arr[0] = token_ids[2]
print(arr)
