"""A teammate's new qa_review_v2.py for the segmentation labels appends its re-labelled rows to the annotations export with the label taken from the review form, a string; training reads the export with pyarrow."""
# beside: annotation-export-qa-reviewed-labels-as-strings
# why: the QA review pass writes corrected labels back as the form's string values after the tool's numeric ones, the entry's cause and fix.
EXPECT = ["annotation-export-qa-reviewed-labels-as-strings"]
VARIANTS = 2

import json
import os
import sys

import numpy as np
import pyarrow.json as pj

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(VARIANT + 7)
n_tool, n_qa = {0: 1500, 1: 4200}[VARIANT], {0: 60, 1: 310}[VARIANT]
path = {0: "exports/seg_annotations.jsonl", 1: "data/labels/seg_2024_07.jsonl"}[VARIANT]
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as fh:
    for i in range(n_tool):
        fh.write(json.dumps({"mask_id": f"m{i:06d}", "label": int(rng.integers(0, 12))}) + "\n")


def qa_review_v2(path):
    with open(path, "a") as fh:
        for i in rng.choice(n_tool, n_qa, replace=False):
            form = {"mask_id": f"m{i:06d}", "label": str(int(rng.integers(0, 12))), "reviewer": "qa-2"}
            fh.write(json.dumps(form) + "\n")


qa_review_v2(path)
if VARIANT == 1:
    print(f"QA pass appended {n_qa} rows to {path}")
masks = pj.read_json(path).to_pandas()
