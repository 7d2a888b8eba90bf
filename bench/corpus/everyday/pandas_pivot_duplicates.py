"""ValueError: Index contains duplicate entries, cannot reshape, from DataFrame.pivot."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

df = pd.DataFrame(
    {
        "date": ["mon", "mon", "tue", "tue", "mon"],
        "store": ["a", "b", "a", "b", "a"],
        "sales": [10, 12, 9, 14, 3],
    }
)
if V == 0:
    print(df.pivot(index="date", columns="store", values="sales"))
elif V == 1:
    print(df.set_index(["date", "store"]).unstack())
else:
    s = df.set_index("date")["sales"]
    print(s.reindex(["mon", "tue", "wed"]))
