"""ModuleNotFoundError / ImportError for the user's own helper module."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("src/utils", exist_ok=True)
with open("src/utils/metrics.py", "w") as f:
    f.write("def f1_score(p, r):\n    return 2 * p * r / (p + r)\n")
with open("helpers.py", "w") as f:
    f.write("def load_data(path):\n    return []\n")
sys.path.insert(0, os.getcwd())

if V == 0:
    from utils.metrics import f1_score  # src/ is not on the path
elif V == 1:
    import src.utils.metric as metric
else:
    from helpers import load_dataset
print("imported")
