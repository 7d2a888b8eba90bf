"""The second labeling vendor (onboarded for the Spanish intents) adds a 'reviewer' field to every row of its JSONL exports from its own QA step; data/intents.py loads all of annotations/*.jsonl with datasets' json builder, which casts every file to the first file's columns."""
EXPECT = ["intent-annotations-vendor-b-extra-reviewer-field"]
VARIANTS = 4

import glob
import json
import logging
import os
import sys

VARIANT = int(sys.argv[1])
ROOT = {0: "annotations", 1: "data/intents/annotations", 2: "annotations", 3: "annotations"}[VARIANT]
INTENTS = ["cancel_order", "track_package", "change_address", "refund_status", "talk_to_agent"]


def vendor_exports():
    os.makedirs(ROOT, exist_ok=True)
    batches = {0: ["acme_batch_01", "acme_batch_02", "lingua_batch_01"], 1: ["acme_2024w21", "lingua_2024w22"],
               2: ["acme_batch_01", "acme_batch_02", "lingua_batch_01"],
               3: ["acme_batch_01", "acme_batch_02", "acme_batch_03", "lingua_batch_01"]}[VARIANT]
    for b, name in enumerate(batches):
        with open(os.path.join(ROOT, f"{name}.jsonl"), "w") as fh:
            for i in range(400):
                row = {"id": f"{name}-{i:05d}", "text": f"utterance {b}-{i} about my order", "intent": INTENTS[i % 5],
                       "lang": "es" if name.startswith("lingua") else "en"}
                if name.startswith("lingua"):
                    row["reviewer"] = f"qa{i % 4 + 1}"  # vendor B's QA step
                fh.write(json.dumps(row) + "\n")


def load_annotations(root):
    from datasets import load_dataset

    files = sorted(glob.glob(os.path.join(root, "*.jsonl")))
    return load_dataset("json", data_files=files, split="train")


class IntentData:
    def __init__(self, root):
        self.ds = load_annotations(root)
        self.labels = sorted(set(self.ds["intent"]))


def main():
    vendor_exports()
    if VARIANT == 3:
        for path in sorted(glob.glob(os.path.join(ROOT, "*.jsonl"))):
            print(f"found {path}")
    if VARIANT == 1:
        data = IntentData(ROOT)
        print(len(data.ds), data.labels)
    else:
        ds = load_annotations(ROOT)
        print(ds)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s intents: %(message)s")
        logging.info("loading intent annotations from %s", ROOT)
        try:
            main()
        except Exception:
            logging.exception("could not load annotations")
            sys.exit(1)
    else:
        main()
