"""AttributeError or TypeError from misusing a stdlib module function (os.mkdirs, json.loads on a file)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("labels.json", "w") as f:
    json.dump({"0": "cat", "1": "dog"}, f)

if V == 0:
    os.mkdirs("runs/exp1")
elif V == 1:
    with open("labels.json") as f:
        labels = json.loads(f)
else:
    labels = json.load("labels.json")
print("ok")
