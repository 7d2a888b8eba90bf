"""A tqdm progress bar runs for a while, then a user bug (ZeroDivision/Key/Type) stops the loop."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

from tqdm import tqdm

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

records = [{"id": i, "clicks": i % 4, "views": (i * 7) % 5 + (i < 10), "tag": "x"} for i in range(40)]
if V == 1:
    del records[23]["tag"]
if V == 2:
    records[31]["views"] = "12"

totals = {}
for r in tqdm(records, desc="aggregating", file=sys.stdout, mininterval=0, ascii=True):
    if V == 0:
        ctr = r["clicks"] / r["views"]
    elif V == 1:
        totals[r["tag"]] = totals.get(r["tag"], 0) + 1
    else:
        totals["views"] = totals.get("views", 0) + r["views"]
print(totals)
