"""TypeError: Object of type ... is not JSON serializable when dumping results."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys
from datetime import datetime

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

results = {"run": "baseline", "acc": 0.91}
if V == 0:
    results["confusion"] = np.array([[5, 1], [2, 7]])
elif V == 1:
    results["finished"] = datetime(2024, 5, 1, 12, 30)
else:
    results["classes"] = {"cat", "dog"}


def save(obj, path):
    with open(path, "w") as f:
        json.dump(obj, f, indent=2)


print("saving results.json")
save(results, "results.json")
