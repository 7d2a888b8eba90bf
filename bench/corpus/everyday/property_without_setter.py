"""AttributeError when assigning to a read-only property or an attribute of a slotted class."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from collections import namedtuple

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Schedule:
    def __init__(self, base_lr):
        self.base_lr = base_lr
        self.step_count = 0

    @property
    def lr(self):
        return self.base_lr * 0.95 ** self.step_count


class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y


if V == 0:
    s = Schedule(0.1)
    s.lr = 0.01
elif V == 1:
    p = Point(1, 2)
    p.label = "origin"
else:
    Result = namedtuple("Result", ["acc", "loss"])
    r = Result(0.9, 0.3)
    r.acc = 0.95
