"""ValueError from shlex on an unbalanced quote, an invalid open() mode, or a NUL in a path."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import shlex
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    cmd = 'python train.py --name "baseline run --epochs 3'
    print(shlex.split(cmd))
elif V == 1:
    with open("notes.txt", "rw") as f:
        f.write("x")
else:
    name = "report\x00.txt"
    open(name, "w")
