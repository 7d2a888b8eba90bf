"""AttributeError from a mistyped method name on a builtin object."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

files = ["train_001.csv", "val_001.csv", "README.md"]

if V == 0:
    data_files = [f for f in files if f.startwith("train")]
elif V == 1:
    counts = {"train": 120, "val": 30}
    for split, n in counts.iteritems():
        print(split, n)
else:
    queue = []
    for f in files:
        queue.push(f)
