"""A UTF-8-with-BOM CSV from Excel read without utf-8-sig: the first column is really '\\ufefftext', so looking up 'text' fails."""
EXPECT = ["read-csv-encoding"]
VARIANTS = 3

import csv
import sys

import pandas as pd

v = int(sys.argv[1])
col = ["text", "sentence", "id"][v]
with open("export.csv", "w", encoding="utf-8-sig", newline="") as f:
    f.write(f"{col},label\nhello,1\nworld,0\n")

if v == 0:
    with open("export.csv", encoding="utf-8") as f:
        texts = [row[col] for row in csv.DictReader(f)]
elif v == 1:
    df = pd.read_csv("export.csv", encoding="latin-1")
    print(df.columns.tolist())
    texts = df[col].tolist()
else:
    with open("export.csv", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        ids = sorted(int(r[col]) if r[col].isdigit() else r[col] for r in reader)
