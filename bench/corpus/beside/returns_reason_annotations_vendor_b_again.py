"""A teammate's new returns-reason classifier loads all of the vendors' JSONL exports for its labels, including the second vendor's batches, whose rows carry the reviewer field from that vendor's QA step."""
# beside: intent-annotations-vendor-b-extra-reviewer-field
# why: vendor B's exports add a reviewer field and the folder is loaded with datasets' json builder, which casts every file to the first one's columns, the entry's cause and fix.
EXPECT = ["intent-annotations-vendor-b-extra-reviewer-field"]
VARIANTS = 2

import json
import os
import sys

VARIANT = int(sys.argv[1])
REASONS = ["too_small", "too_large", "damaged", "not_as_described"]


def write(path, n, vendor_b):
    with open(path, "w") as fh:
        for i in range(n):
            row = {"id": f"{os.path.basename(path)[:-6]}-{i}", "text": f"return comment {i}", "reason": REASONS[i % 4]}
            if vendor_b:
                row["reviewer"] = f"qa{i % 3}"
            fh.write(json.dumps(row) + "\n")


os.makedirs("labels/returns", exist_ok=True)
write("labels/returns/acme_returns_01.jsonl", 600, False)
write(f"labels/returns/lingua_returns_0{1 + VARIANT}.jsonl", 250, True)

from datasets import load_dataset

ds = load_dataset("json", data_dir="labels/returns", split="train")
print(ds.features)
