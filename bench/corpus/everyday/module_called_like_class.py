"""A module is used as the class or function of the same name it contains (`import tqdm; tqdm(...)`, `import glob; glob(...)`, `import datetime; datetime.now()`): TypeError: 'module' object is not callable / AttributeError: module 'datetime' has no attribute 'now'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import datetime
import glob
import json
import logging
import os
import sys

import tqdm

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

os.makedirs("shards", exist_ok=True)
for i in range(4):
    with open(f"shards/part-{i}.json", "w") as f:
        json.dump({"rows": [i] * (i + 1)}, f)


def count_rows(paths):
    total = 0
    for p in tqdm(paths, desc="counting"):
        with open(p) as f:
            total += len(json.load(f)["rows"])
    return total


def list_shards(folder):
    return sorted(glob(os.path.join(folder, "*.json")))


class RunInfo:
    def __init__(self, name):
        self.name = name
        self.started = datetime.now()

    def folder(self):
        return f"runs/{self.name}-{self.started:%Y%m%d-%H%M%S}"


if V == 0:
    paths = sorted(os.path.join("shards", p) for p in os.listdir("shards"))
    logging.info("found %d shards", len(paths))
    print("rows:", count_rows(paths))
elif V == 1:
    logging.info("scanning shards/")
    print(list_shards("shards"))
else:
    logging.info("preparing run folder")
    print(RunInfo("baseline").folder())
