"""The labeling tool exports JSON Lines now; load_annotations still calls json.load on the whole file."""
EXPECT = ["labeling-export-jsonl-read-with-json-load"]
VARIANTS = 4

import json
import logging
import os
import random
import sys

VARIANT = int(sys.argv[1])


def write_export(path, n, seed):
    rnd = random.Random(seed)
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        for i in range(n):
            rec = {"id": f"task-{i}", "text": rnd.choice(["where is my parcel", "cancel please", "wrong size"]),
                   "annotations": [{"label": rnd.choice(["shipping", "cancel", "returns"]), "annotator": f"a{rnd.randint(1, 9)}"}]}
            fh.write(json.dumps(rec) + "\n")


def load_annotations(path):
    with open(path) as fh:
        return json.load(fh)


def majority_labels(tasks):
    out = {}
    for t in tasks:
        labels = [a["label"] for a in t["annotations"]]
        out[t["id"]] = max(set(labels), key=labels.count)
    return out


def main():
    paths = {0: "exports/project_12.json", 1: "exports/project_31_2024-05-02.json", 2: "labels/intents_batch3.json", 3: "exports/project_12.jsonl"}
    path = paths[VARIANT]
    write_export(path, 50 * (VARIANT + 1), VARIANT)
    if VARIANT == 3:
        print(f"reading {path} ({os.path.getsize(path)} bytes)")
    print(len(majority_labels(load_annotations(path))))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("labels.sync")
        log.info("syncing labels/intents_batch3.json")
        try:
            main()
        except Exception:
            log.exception("label sync failed")
            sys.exit(1)
    else:
        main()
