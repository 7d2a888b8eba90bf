"""NotADirectoryError when a path component that should be a folder is a regular file."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("results", "w") as f:  # someone saved a file called "results"
    f.write("acc=0.91\n")

if V == 0:
    os.makedirs("results/run_07", exist_ok=True)
elif V == 1:
    with open("results/metrics.json", "w") as f:
        f.write("{}")
else:
    for name in os.listdir("results"):
        print(name)
