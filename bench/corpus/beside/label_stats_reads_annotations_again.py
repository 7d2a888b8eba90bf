"""A teammate's class-balance report reads the latest labeling batch's annotations.json with json.load."""
# beside: labeling-tool-export-annotations-json-now-jsonl
# why: the labeling tool (v2.3) exported annotations.json as JSON Lines and the report parses it as one document, exactly the entry's cause and fix.
EXPECT = ["labeling-tool-export-annotations-json-now-jsonl"]
VARIANTS = 2

import collections
import json
import os
import sys

import numpy as np

VARIANT = int(sys.argv[1])
folder = {0: "exports/batch_06", 1: "exports/batch_09"}[VARIANT]

# the labeling tool's v2.3 export
rng = np.random.default_rng(60 + VARIANT)
os.makedirs(folder, exist_ok=True)
with open(f"{folder}/annotations.json", "w") as fh:
    for i in range({0: 300, 1: 1200}[VARIANT]):
        fh.write(json.dumps({"image": f"img_{i:06d}.jpg", "label": str(rng.choice(["scratch", "dent", "crack", "ok"])),
                             "annotator": f"labeler{int(rng.integers(1, 6))}"}) + "\n")


def class_balance(path):
    with open(path) as fh:
        annotations = json.load(fh)
    return collections.Counter(a["label"] for a in annotations)


for label, count in class_balance(f"{folder}/annotations.json").most_common():
    print(f"{label:>8}: {count}")
