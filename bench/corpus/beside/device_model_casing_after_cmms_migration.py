"""After the maintenance system (CMMS) migration, most HX-900 pumps come through as "hx-900" (the new system lower-cases model codes it created), one still as "HX-900"; the split stratifies by device_model as written."""
# beside: failure-split-stratify-by-device-model-pilot-single-unit
# why: there are eight HX-900 pumps, not a single pilot unit; the singleton is a casing variant from the CMMS migration, and the fix is to normalize model codes (upper-case) before stratifying, not to bucket rare models.
EXPECT = []
VARIANTS = 3

import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(VARIANT)
n = {0: 300, 1: 180, 2: 300}[VARIANT]
models = list(rng.choice(["HX-300", "HX-500", "HX-700"], n)) + ["hx-900"] * 7 + ["HX-900"]
inventory = pd.DataFrame({"device_id": [f"PMP-{i:05d}" for i in range(len(models))], "device_model": models,
                          "failed_30d": rng.integers(0, 2, len(models))})


def split(frame, by, test_size=0.2):
    return train_test_split(frame, test_size=test_size, stratify=frame[by], random_state=7)


if VARIANT == 2:
    print(inventory.device_model.value_counts().to_string())
train, test = split(inventory, "device_model")
print(len(train), len(test))
