"""A CSV exported in latin-1 or cp1252 read as UTF-8: read-csv-encoding, three ways of reading it."""
EXPECT = ["read-csv-encoding"]
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("customers.csv", "wb") as f:
    f.write("name,city\nJosé,Málaga\nRenée,Besançon\n".encode("latin-1" if V != 2 else "cp1252"))

if V == 0:
    with open("customers.csv", encoding="utf-8") as f:
        for line in f:
            print(line.strip())
elif V == 1:
    print(pd.read_csv("customers.csv"))
else:
    with open("customers.csv", newline="", encoding="utf-8") as f:
        print(sum(1 for _ in csv.reader(f)))
