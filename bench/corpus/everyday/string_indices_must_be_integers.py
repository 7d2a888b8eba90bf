"""TypeError: string indices must be integers / IndexError: string index out of range."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

payload = json.dumps([{"id": 1, "text": "hi"}, {"id": 2, "text": "yo"}])

if V == 0:
    for record in payload:  # forgot json.loads
        print(record["text"])
elif V == 1:
    data = {"items": [{"id": 1}], "meta": "v1"}
    for key in data:
        print(key["id"])
else:
    words = ["alpha", "be", "c"]
    print([w[2] for w in words])
