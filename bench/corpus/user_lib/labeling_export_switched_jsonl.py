"""The in-house labeling tool's exporter (since v2.3) writes annotations.json as JSON Lines, one object per line; the training data loader still calls json.load on it."""
EXPECT = ["labeling-tool-export-annotations-json-now-jsonl"]
VARIANTS = 4

import json
import logging
import os
import sys
from pathlib import Path

import numpy as np

VARIANT = int(sys.argv[1])
CLASSES = ["scratch", "dent", "crack", "ok"]


def labeling_tool_export(folder, n, version):
    """The labeling tool's export: v2.2 wrote one JSON document, v2.3 writes one annotation per line."""
    rng = np.random.default_rng(len(folder) + n)
    records = [
        {
            "image": f"img_{i:06d}.jpg",
            "label": CLASSES[int(rng.integers(0, 4))],
            "bbox": [int(v) for v in rng.integers(0, 200, 4)],
            "annotator": f"labeler{int(rng.integers(1, 6))}",
        }
        for i in range(n)
    ]
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "annotations.json"), "w") as fh:
        if version >= (2, 3):
            fh.writelines(json.dumps(r) + "\n" for r in records)
        else:
            json.dump({"tool_version": "2.2.4", "annotations": records}, fh)


def load_annotations(folder):
    with open(os.path.join(folder, "annotations.json")) as fh:
        data = json.load(fh)
    return data["annotations"] if isinstance(data, dict) else data


def main():
    if VARIANT == 3:
        batches = [("exports/batch_01", (2, 2)), ("exports/batch_02", (2, 2)), ("exports/batch_03", (2, 3))]
        for folder, version in batches:
            labeling_tool_export(folder, 150, version)
        annotations = []
        for folder, _ in batches:
            annotations += load_annotations(folder)
            print(f"{folder}: {len(annotations)} annotations so far")
    elif VARIANT == 1:
        folder = Path("exports/batch_07")
        labeling_tool_export(str(folder), 2400, (2, 3))
        annotations = json.loads((folder / "annotations.json").read_text())
    else:
        folder = {0: "exports/batch_05", 2: "labels/2024-06-10"}[VARIANT]
        labeling_tool_export(folder, {0: 600, 2: 90}[VARIANT], (2, 3))
        annotations = load_annotations(folder)
    print(f"{len(annotations)} annotations")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s dataset: %(message)s")
        logging.info("reading labels/2024-06-10")
        try:
            main()
        except Exception:
            logging.exception("could not load annotations")
            sys.exit(1)
    else:
        main()
