"""A teammate's new bearing-anomaly model copies pm/split.py's stratification by device_model; the fleet inventory now also lists one pilot HX-950 unit installed last week."""
# beside: failure-split-stratify-by-device-model-pilot-single-unit
# why: a single pilot unit of a new device model in the inventory leaves a one-member stratum, the entry's cause and fix.
EXPECT = ["failure-split-stratify-by-device-model-pilot-single-unit"]
VARIANTS = 3

import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])
PILOT = {0: "HX-950", 1: "HX-900", 2: "HX-950"}[VARIANT]
rng = np.random.default_rng(VARIANT)
fleet = pd.DataFrame({"device_id": [f"PMP-{i:05d}" for i in range(360)],
                      "device_model": rng.choice(["HX-300", "HX-500", "HX-700"], 360),
                      "bearing_temp_c": rng.normal(55, 6, 360).round(1), "anomaly": rng.integers(0, 2, 360)})
fleet = pd.concat([fleet, pd.DataFrame([{"device_id": "PMP-95001", "device_model": PILOT, "bearing_temp_c": 51.2, "anomaly": 0}])],
                  ignore_index=True)
if VARIANT == 2:
    print(f"fleet inventory: {len(fleet)} devices")
train, test = train_test_split(fleet, test_size=0.25, stratify=fleet["device_model"], random_state=11)
print(len(train), len(test))
