"""TypeError: cannot pickle ... when deep-copying or pickling an object that holds a file or lock."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import copy
import pickle
import sys
import threading

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Experiment:
    def __init__(self):
        self.params = {"lr": 0.1}
        self.log = open("exp.log", "w")
        self.lock = threading.Lock()


exp = Experiment()
if V == 0:
    snapshot = copy.deepcopy(exp)
elif V == 1:
    with open("exp.pkl", "wb") as f:
        pickle.dump(exp, f)
else:
    square = lambda x: x * x  # noqa: E731
    pickle.dumps({"fn": square})
print("saved")
