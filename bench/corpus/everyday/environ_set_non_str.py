"""TypeError: str expected, not int when assigning a number to os.environ."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

settings = {"OMP_NUM_THREADS": 4, "SEED": 1234, "DEBUG": True}
key = list(settings)[V]


def apply(env):
    for k, v in env.items():
        print(f"setting {k}={v}")
        os.environ[k] = v


apply({key: settings[key]})
