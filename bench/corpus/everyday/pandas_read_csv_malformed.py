"""pandas ParserError / EmptyDataError from a malformed or empty CSV file."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CONTENT = [
    "id,name,score\n1,ann,3\n2,bob,4\n3,carl,5,extra,field\n",
    "",
    "id;name;score\n1;ann;3\n",
]
with open("scores.csv", "w") as f:
    f.write(CONTENT[V])

df = pd.read_csv("scores.csv")
print(df["score"].mean())
