"""The labeling tool's nightly export job was killed by the host's OOM killer while writing this week's JSONL; the file ends in the middle of a row, and load_annotations loads it with datasets' json builder."""
# beside: intent-annotations-vendor-b-extra-reviewer-field
# why: every file has the same fields; the last file is cut off mid-row by a killed export (a JSON parse error underneath), not a vendor adding a column; the fix is to re-run the export.
EXPECT = []
VARIANTS = 2

import glob
import json
import os
import sys

VARIANT = int(sys.argv[1])
ROOT = {0: "annotations", 1: "data/intents/annotations"}[VARIANT]


def exports():
    os.makedirs(ROOT, exist_ok=True)
    for week in (21, 22, 23):
        lines = [json.dumps({"id": f"w{week}-{i:05d}", "text": f"where is my parcel {i}", "intent": "track_package",
                             "lang": "en"}) for i in range(500)]
        text = "\n".join(lines) + "\n"
        if week == 23:
            text = text[: len(text) * {0: 2, 1: 3}[VARIANT] // 5]  # export killed here
        with open(os.path.join(ROOT, f"acme_2024w{week}.jsonl"), "w") as fh:
            fh.write(text)


def load_annotations(root):
    from datasets import load_dataset

    return load_dataset("json", data_files=sorted(glob.glob(os.path.join(root, "*.jsonl"))), split="train")


exports()
print(load_annotations(ROOT))
