"""IsADirectoryError when a directory path is passed where a file is expected."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("outputs/predictions", exist_ok=True)
os.makedirs("data/images", exist_ok=True)
with open("data/images/cat_01.txt", "w") as f:
    f.write("placeholder\n")

if V == 0:
    with open("outputs/predictions", "w") as f:
        f.write("id,pred\n")
elif V == 1:
    with open("data/images") as f:
        print(f.read())
else:
    df = pd.read_csv("data/")
    print(df)
