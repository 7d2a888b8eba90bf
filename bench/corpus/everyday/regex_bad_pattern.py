"""re.error from compiling a malformed regular expression."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import re
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

PATTERNS = [r"epoch=(\d+ loss", r"*.csv", r"C:\Users\data\file.txt"]
files = ["epoch=3 loss=0.2", "train.csv", "notes.txt"]

for name in files:
    if re.search(PATTERNS[V], name):
        print("match", name)
