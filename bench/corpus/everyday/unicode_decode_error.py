"""UnicodeDecodeError when a binary file (gzip, numpy, PNG) is opened as text."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import gzip
import sys
import zlib

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with gzip.open("corpus.txt.gz", "wt") as f:
    f.write("some text\n" * 10)
np.save("features.npy", np.arange(12, dtype=np.float32).reshape(3, 4))
with open("preview.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + zlib.compress(b"\xff" * 64))

PATHS = ["corpus.txt.gz", "features.npy", "preview.png"]
with open(PATHS[V], encoding="utf-8") as f:
    print(len(f.read().split()))
