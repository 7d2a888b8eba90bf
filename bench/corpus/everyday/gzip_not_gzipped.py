"""gzip.BadGzipFile / EOFError when a plain or truncated file is read as gzip."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import gzip
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("events.jsonl.gz", "w") as f:  # written uncompressed despite the name
    f.write('{"id": 1}\n{"id": 2}\n')
payload = gzip.compress(b"id,value\n" + b"1,2\n" * 500)
with open("table.csv.gz", "wb") as f:
    f.write(payload[: len(payload) // 2])

if V == 0:
    with gzip.open("events.jsonl.gz", "rt") as f:
        print(sum(1 for _ in f))
elif V == 1:
    print(pd.read_json("events.jsonl.gz", lines=True))
else:
    with gzip.open("table.csv.gz", "rt") as f:
        print(len(f.read()))
