"""ValueError from pandas astype/to_numeric when a column holds non-numeric strings or NaN."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("sales.csv", "w") as f:
    f.write("region,units,revenue\nnorth,12,\"1,200.50\"\nsouth,n/a,980.00\neast,7,\n")

df = pd.read_csv("sales.csv")
print(df.dtypes)
if V == 0:
    df["units"] = df["units"].astype(int)
elif V == 1:
    df["revenue"] = df["revenue"].astype(float)
else:
    df["revenue"] = pd.to_numeric(df["revenue"], errors="coerce").astype(int)
print(df)
