"""Un-padded token id lists of different lengths turned into an array: setting an array element with a sequence. The requested array has an inhomogeneous shape."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

variant = int(sys.argv[1])
vocab = {w: i for i, w in enumerate("the a cat dog sat on mat ran fast slow".split(), start=1)}
corpus = ["the cat sat on the mat", "a dog ran", "the dog ran fast", "a cat sat"][: [4, 3, 2][variant] + (variant == 2)]
encoded = [[vocab[w] for w in line.split()] for line in corpus]
print("lengths", [len(e) for e in encoded])
if variant == 0:
    batch = np.array(encoded, dtype=np.int64)
elif variant == 1:
    batch = np.asarray([[e, [1] * len(e)] for e in encoded])      # ids + attention mask pairs
else:
    batch = np.stack(encoded)
print(batch.shape)
