"""ValueError / KeyError when a config string is not a member of the user's Enum."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import enum
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Optimizer(enum.Enum):
    SGD = "sgd"
    ADAM = "adam"


class Split(str, enum.Enum):
    TRAIN = "train"
    VAL = "val"


if V == 0:
    print(Optimizer("adamw"))
elif V == 1:
    print(Optimizer["Adam"])
else:
    print([Split(s) for s in ["train", "val", "test"]])
