"""The label vendor's QA overlap has 10% of the product images annotated by two annotators, and its export keeps one row per (image, attribute, annotator); data/targets.py's build_targets pivots the export to one row per image and one column per attribute."""
EXPECT = ["attribute-labels-vendor-qa-overlap-double-annotated-images"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
ATTRIBUTES = {0: ["sleeve", "neckline", "pattern", "fit"], 1: ["color", "material", "closure"],
              2: ["sleeve", "neckline", "pattern", "fit"], 3: ["sleeve", "neckline", "pattern", "fit"]}[VARIANT]


def vendor_export(path, n_images):
    """The vendor's weekly export: one row per image, attribute and annotator; QA overlap images appear twice."""
    rng = np.random.default_rng(VARIANT)
    rows = []
    for i in range(n_images):
        image_id = f"IMG{200000 + i}"
        annotators = ["ann_07", "ann_12"] if i % 10 == 3 else [f"ann_{rng.integers(1, 20):02d}"]
        for annotator in annotators:
            for attribute in ATTRIBUTES:
                rows.append({"image_id": image_id, "attribute": attribute, "value": int(rng.integers(0, 5)),
                             "annotator": annotator})
    os.makedirs(os.path.dirname(path), exist_ok=True)
    pd.DataFrame(rows).to_csv(path, index=False)


def build_targets(labels):
    return labels.pivot(index="image_id", columns="attribute", values="value")


def load_targets(path):
    labels = pd.read_csv(path)
    if VARIANT == 3:
        print(f"{labels.image_id.nunique()} images, {len(labels)} label rows")
    return build_targets(labels)


def main():
    path = {0: "labels/vendor/week_23.csv", 1: "data/labels/attributes_2024w22.csv", 2: "labels/vendor/week_23.csv",
            3: "labels/vendor/week_23.csv"}[VARIANT]
    vendor_export(path, {0: 500, 1: 240, 2: 500, 3: 1200}[VARIANT])
    if VARIANT == 1:
        targets = {"train": load_targets(path)}
    else:
        targets = load_targets(path)
        print(targets.shape)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s targets: %(message)s")
        logging.info("building attribute targets from vendor week 23")
        try:
            main()
        except Exception:
            logging.exception("build_targets failed")
            sys.exit(1)
    else:
        main()
