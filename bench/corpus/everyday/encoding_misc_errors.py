"""Everyday bytes/str mistakes: base64 padding, hashing a str, ascii encoding of non-ASCII text."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import base64
import hashlib
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    token = "eyJ1c2VyIjogImFuYSJ9Cg"  # padding stripped by a URL
    print(base64.b64decode(token))
elif V == 1:
    for name in ["train.csv", "val.csv"]:
        print(name, hashlib.md5(name).hexdigest())
else:
    with open("labels.txt", "w", encoding="ascii") as f:
        for label in ["cafe", "naïve", "résumé"]:
            f.write(label + "\n")
