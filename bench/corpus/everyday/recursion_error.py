"""RecursionError: maximum recursion depth exceeded in user recursion."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def flatten(item):
    if isinstance(item, (list, tuple, str)):
        return [x for sub in item for x in flatten(sub)]  # a 1-char str contains itself
    return [item]


class Config:
    def __init__(self, values):
        self.values = values

    def __getattr__(self, name):
        if name in self.values:
            return self.values[name]
        return getattr(self, "_" + name)


def countdown(n):
    if n == 0:
        return 0
    return countdown(n - 2)


if V == 0:
    print(flatten([[1, 2], ["ab", 3]]))
elif V == 1:
    print(Config({"lr": 0.1}).epochs)
else:
    print(countdown(7))
