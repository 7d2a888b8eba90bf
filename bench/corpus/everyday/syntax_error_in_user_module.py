"""SyntaxError / IndentationError raised when importing a user module with a typo."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SOURCES = [
    "def augment(x):\n    return x\n  def flip(x):\n    return x[::-1]\n",
    "def score(p, r):\n    return (2 * p * r / (p + r)\n\nTHRESH = 0.5\n",
    "def evaluate(model, data)\n    return model(data)\n",
]
with open("transforms.py", "w") as f:
    f.write(SOURCES[V])
sys.path.insert(0, os.getcwd())

print("importing user modules")
import transforms  # noqa: E402

print(transforms)
