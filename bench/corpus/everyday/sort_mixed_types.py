"""TypeError: '<' not supported between instances when sorting or comparing mixed types."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    versions = ["10", 2, "3", 1]
    print(sorted(versions))
elif V == 1:
    scores = {"run1": 0.8, "run2": None, "run3": 0.75}
    print(max(scores.items(), key=lambda kv: kv[1]))
else:
    runs = [{"name": "a", "acc": 0.9}, {"name": "b", "acc": 0.8}]
    print(sorted(runs))
