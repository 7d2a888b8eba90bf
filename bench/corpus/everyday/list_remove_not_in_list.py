"""ValueError: list.remove(x) / list.index(x): x not in list."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

columns = ["id", "age", "income", "label"]
classes = ["cat", "dog", "bird"]

if V == 0:
    features = list(columns)
    features.remove("id")
    features.remove("target")
elif V == 1:
    for name in ["dog", "cat", "Bird"]:
        print(name, classes.index(name))
else:
    print(tuple(columns).index("Label"))
