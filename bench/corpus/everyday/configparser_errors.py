"""configparser errors from a missing section, a missing option or a file without a header."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import configparser
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("setup.ini", "w") as f:
    if V == 2:
        f.write("batch_size = 32\n[train]\nepochs = 3\n")
    else:
        f.write("[data]\npath = data/\n\n[train]\nepochs = 3\n")

cp = configparser.ConfigParser()
cp.read("setup.ini")
if V == 0:
    print(cp.getint("training", "epochs"))
else:
    print(cp.getfloat("train", "learning_rate"))
