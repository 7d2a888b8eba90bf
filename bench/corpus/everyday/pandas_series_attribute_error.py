"""AttributeError from calling a numpy or misspelled method on a pandas DataFrame/Series."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

df = pd.DataFrame({"height": [1.7, 1.8, 1.65], "weight": [60, 82, 55]})

if V == 0:
    x = df["height"].reshape(-1, 1)
elif V == 1:
    print(df.Height.mean())
else:
    df = df.sort_values("weight").reset_index(drop=True).to_dict()
    print(df.head())
