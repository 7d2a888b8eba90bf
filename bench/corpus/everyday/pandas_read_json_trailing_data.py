"""ValueError from pd.read_json: Trailing data on a JSON-lines file, or a pretty JSON file read with lines=True, a truncated last line."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rows = [{"id": i, "text": f"review {i}", "label": i % 2} for i in range([5, 12, 4][V])]
if V == 1:
    with open("reviews.json", "w") as f:
        json.dump(rows, f, indent=2)
else:
    with open("reviews.jsonl", "w") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)
        if V == 2:
            f.write('{"id": 4, "text": "review')  # the writer was killed mid-line


def load_reviews(path):
    print(f"loading {path}", flush=True)
    if V == 1:
        return pd.read_json(path, lines=True)
    if V == 2:
        return pd.read_json(path, lines=True)
    return pd.read_json(path)


df = load_reviews("reviews.json" if V == 1 else "reviews.jsonl")
print(df.head())
