"""A teammate's evaluation script for the new footwear attribute model pivots the vendor's export of the footwear labels to compare them with the model's predictions per image."""
# beside: attribute-labels-vendor-qa-overlap-double-annotated-images
# why: the vendor's QA overlap images have a row per annotator and the export is pivoted per image and attribute without resolving them, the entry's cause and fix.
EXPECT = ["attribute-labels-vendor-qa-overlap-double-annotated-images"]
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
ATTRIBUTES = ["heel_height", "toe_shape", "closure"]

rng = np.random.default_rng(VARIANT)
rows = []
for i in range({0: 400, 1: 150}[VARIANT]):
    annotators = ["ann_03", "ann_15"] if i % 10 == 7 else [f"ann_{rng.integers(1, 20):02d}"]  # vendor QA overlap
    for annotator in annotators:
        for a in ATTRIBUTES:
            rows.append({"image_id": f"FW{i:05d}", "attribute": a, "value": int(rng.integers(0, 4)), "annotator": annotator})
os.makedirs("labels/vendor", exist_ok=True)
pd.DataFrame(rows).to_csv("labels/vendor/footwear_week_24.csv", index=False)

labels = pd.read_csv("labels/vendor/footwear_week_24.csv")
truth = labels.pivot(index="image_id", columns="attribute", values="value")
preds = pd.DataFrame(rng.integers(0, 4, truth.shape), index=truth.index, columns=truth.columns)
print((preds == truth).mean())
