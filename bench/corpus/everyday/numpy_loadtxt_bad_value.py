"""ValueError from np.loadtxt/np.genfromtxt on a text file with a header or bad values."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("points.csv", "w") as f:
    if V == 0:
        f.write("x,y\n1.0,2.0\n3.0,4.0\n")
    elif V == 1:
        f.write("1.0,2.0\n3.0,NA?\n")
    else:
        f.write("1.0,2.0\n3.0,4.0,5.0\n")

data = np.loadtxt("points.csv", delimiter=",")
print(data.mean(axis=0))
