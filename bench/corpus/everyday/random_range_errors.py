"""ValueError / IndexError from random with an empty range or empty sequence."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import random
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
random.seed(0)

files = [f"clip_{i}.wav" for i in range(4)]
long_files = [f for f in files if f.endswith(".flac")]

if V == 0:
    start = random.randint(10, 3)
elif V == 1:
    print("picked", random.choice(long_files))
else:
    crop = random.randrange(0, 0)
print("ok")
