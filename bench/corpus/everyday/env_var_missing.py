"""KeyError / TypeError when a required environment variable is not set."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def settings():
    if V == 0:
        return {"data_dir": os.environ["DATA_DIR"]}
    if V == 1:
        return {"batch_size": int(os.environ.get("BATCH_SIZE"))}
    return {"out": os.path.join(os.getenv("OUTPUT_ROOT"), "run1")}


print("reading settings from the environment")
print(settings())
