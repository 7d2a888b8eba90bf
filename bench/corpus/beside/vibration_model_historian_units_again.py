"""A teammate's pump-vibration classifier reads the same historian CSV export, whose readings now carry their unit ("3.81 mm/s")."""
# beside: historian-export-readings-with-unit-suffix
# why: the strings come from the historian's export writing each reading with its unit, the entry's cause and fix (strip the unit when loading).
EXPECT = ["historian-export-readings-with-unit-suffix"]
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(10 + VARIANT)
n = {0: 900, 1: 2400}[VARIANT]
# the historian's scheduled export for the vibration tags
pd.DataFrame(
    {
        "tag_time": pd.date_range("2024-05-20", periods=n, freq="30s").astype(str),
        "vib_axial": [f"{v:.2f} mm/s" for v in rng.gamma(2, 1.5, n)],
        "vib_radial": [f"{v:.2f} mm/s" for v in rng.gamma(2, 1.8, n)],
        "motor_current": [f"{v:.1f} A" for v in rng.normal(42, 3, n)],
        "label": rng.integers(0, 2, n),
    }
).to_csv("pump_vibration_export.csv", index=False)

data = pd.read_csv("pump_vibration_export.csv")
cols = ["vib_axial", "vib_radial", "motor_current"]
if VARIANT == 1:
    print(f"{len(data)} samples, {data['label'].mean():.2%} with label 1")
    X = data[cols].astype(float)
else:
    X = data[cols]
RandomForestClassifier(n_estimators=20, random_state=0).fit(X, data["label"])
