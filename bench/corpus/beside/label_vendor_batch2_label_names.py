"""The outsourced labeling vendor's second batch was delivered with class names ("scratch", "dent") in "label" instead of class ids; the defects export appends it after batch 1 and load_annotations reads it with pyarrow."""
# beside: annotation-export-qa-reviewed-labels-as-strings
# why: the strings are the vendor's class names in a new delivery, not ids the QA review pass wrote back as form strings.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import numpy as np
import pyarrow.json as pj

VARIANT = int(sys.argv[1])
CLASSES = ["ok", "scratch", "dent", "crack", "stain"]


def load_annotations(path):
    return pj.read_json(path).to_pandas()


rng = np.random.default_rng(VARIANT)
n1, n2 = {0: 900, 1: 1800}[VARIANT], {0: 300, 1: 700}[VARIANT]
os.makedirs("vendor", exist_ok=True)
with open("vendor/defects.jsonl", "w") as fh:
    for i in range(n1):
        fh.write(json.dumps({"image_id": f"b1_{i:05d}", "label": int(rng.integers(0, 5))}) + "\n")
    for i in range(n2):
        fh.write(json.dumps({"image_id": f"b2_{i:05d}", "label": CLASSES[int(rng.integers(0, 5))]}) + "\n")
if VARIANT == 1:
    print(f"vendor batches: {n1} + {n2} rows")
df = load_annotations("vendor/defects.jsonl")
