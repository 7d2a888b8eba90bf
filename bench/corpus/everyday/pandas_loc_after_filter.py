"""KeyError / IndexError from pandas loc and iloc after filtering without resetting the index."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

df = pd.DataFrame({"city": ["a", "b", "c", "d", "e"], "temp": [3.0, 18.5, 22.1, -1.0, 15.2]})
warm = df[df["temp"] > 10]
print(warm)

if V == 0:
    for i in range(len(warm)):
        print(warm.loc[i, "city"])
elif V == 1:
    print(warm.iloc[3])
else:
    print(df.loc["c"])
