"""The labeling tool's QA review pass (qa_review.py) appends the rows it re-labels to the annotations export with the form value as a string ("label": "3"); load_annotations reads the JSONL with pyarrow, which types /label from the first rows as a number."""
EXPECT = ["annotation-export-qa-reviewed-labels-as-strings"]
VARIANTS = 4

import json
import logging
import os
import sys

import numpy as np
import pyarrow.json as pj

VARIANT = int(sys.argv[1])
N_TOOL = {0: 2100, 1: 3400, 2: 2100, 3: 1250}[VARIANT]
N_QA = {0: 140, 1: 260, 2: 140, 3: 75}[VARIANT]


def labeling_tool_export(path, rng):
    with open(path, "w") as fh:
        for i in range(N_TOOL):
            fh.write(json.dumps({"image_id": f"img_{i:06d}", "label": int(rng.integers(0, 8)), "annotator": f"a{i % 5}"}) + "\n")


def qa_review(path, rng):
    """qa_review.py: re-labels a sample and appends the corrected rows; the label comes from an HTML form field."""
    with open(path, "a") as fh:
        for i in rng.choice(N_TOOL, N_QA, replace=False):
            form_value = str(int(rng.integers(0, 8)))
            fh.write(json.dumps({"image_id": f"img_{i:06d}", "label": form_value, "annotator": "qa"}) + "\n")


def load_annotations(path):
    table = pj.read_json(path)
    return table.to_pandas().drop_duplicates("image_id", keep="last")


def build_training_set(path):
    return load_annotations(path)


def main():
    path = {0: "exports/annotations.jsonl", 1: "data/labels/defects_2024_06.jsonl", 2: "exports/annotations.jsonl", 3: "exports/annotations.jsonl"}[VARIANT]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    rng = np.random.default_rng(VARIANT)
    labeling_tool_export(path, rng)
    qa_review(path, rng)
    if VARIANT == 3:
        print(f"export has {N_TOOL + N_QA} lines")
        print("building training set")
    if VARIANT == 1:
        df = build_training_set(path)
    else:
        df = load_annotations(path)
    print(df["label"].value_counts())


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s build-dataset: %(message)s")
        logging.info("reading annotations export")
        try:
            main()
        except Exception:
            logging.exception("could not read annotations")
            sys.exit(1)
    else:
        main()
