"""TypeError when writing bytes to a text file, str to a binary file, or an int to a file."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    with open("out.txt", "w") as f:
        f.write(42)
elif V == 1:
    with open("out.json", "wb") as f:
        json.dump({"acc": 0.9}, f)
else:
    with open("out.txt", "w") as f:
        f.write("header\n".encode())
