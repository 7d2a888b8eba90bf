"""The label sync job appends each week's vendor file to labels/all_weeks.csv; after it crashed on upload, the retry appended week 23 a second time, so every row of that week is in the file twice."""
# beside: attribute-labels-vendor-qa-overlap-double-annotated-images
# why: the duplicates are whole rows repeated by a non-idempotent sync's retry (same annotator, same value), not the vendor's QA overlap of two annotators; the fix is to make the sync overwrite per week and dedupe.
EXPECT = []
VARIANTS = 2

import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
ATTRIBUTES = ["sleeve", "neckline", "pattern", "fit"]


def vendor_week(week):
    rng = np.random.default_rng(week)
    return pd.DataFrame([{"image_id": f"IMG{week}{i:04d}", "attribute": a, "value": int(rng.integers(0, 5)),
                          "annotator": f"ann_{i % 9:02d}"} for i in range(300) for a in ATTRIBUTES])


def sync_week(week, path):
    frame = vendor_week(week)
    frame.to_csv(path, mode="a", header=not os.path.exists(path), index=False)
    print(f"synced week {week}: {len(frame)} rows")


def build_targets(labels):
    return labels.pivot(index="image_id", columns="attribute", values="value")


os.makedirs("labels", exist_ok=True)
weeks = {0: [21, 22, 23, 23], 1: [22, 22, 23]}[VARIANT]  # the retry re-ran the last week
for week in weeks:
    sync_week(week, "labels/all_weeks.csv")
targets = build_targets(pd.read_csv("labels/all_weeks.csv"))
print(targets.shape)
