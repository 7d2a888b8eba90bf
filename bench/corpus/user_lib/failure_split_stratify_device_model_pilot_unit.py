"""pm/split.py stratifies the failure-prediction train/test split by device_model so every pump model is in both; the fleet inventory now includes a single pilot unit of the new HX-900 model, and a model with one device cannot be split."""
EXPECT = ["failure-split-stratify-by-device-model-pilot-single-unit"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

VARIANT = int(sys.argv[1])
STRATIFY = {0: "device_model", 1: "site", 2: "device_model", 3: "device_model"}[VARIANT]


def fleet_inventory():
    rng = np.random.default_rng(VARIANT)
    n = {0: 420, 1: 260, 2: 420, 3: 420}[VARIANT]
    frame = pd.DataFrame({
        "device_id": [f"PMP-{i:05d}" for i in range(n)],
        "device_model": rng.choice(["HX-300", "HX-500", "HX-700"], n, p=[0.5, 0.3, 0.2]),
        "site": rng.choice(["rotterdam", "antwerp", "hamburg"], n),
        "vibration_rms": rng.gamma(2.0, 0.4, n).round(3),
        "hours_since_service": rng.integers(0, 4000, n),
        "failed_30d": rng.integers(0, 2, n),
    })
    pilot = {"device_id": "PMP-90001", "device_model": "HX-900", "site": "gdansk" if VARIANT == 1 else "rotterdam",
             "vibration_rms": 0.41, "hours_since_service": 120, "failed_30d": 0}
    return pd.concat([frame, pd.DataFrame([pilot])], ignore_index=True)


def split(frame, by, test_size=0.2):
    return train_test_split(frame, test_size=test_size, stratify=frame[by], random_state=7)


class FailureDataset:
    def __init__(self, frame):
        self.frame = frame

    def splits(self):
        return split(self.frame, STRATIFY)


def main():
    frame = fleet_inventory()
    if VARIANT == 3:
        print(f"inventory: {len(frame)} devices")
        print(frame[STRATIFY].value_counts().to_string())
    if VARIANT == 1:
        train, test = FailureDataset(frame).splits()
    else:
        train, test = split(frame, STRATIFY)
    print(f"train {len(train)}, test {len(test)}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s pm.split: %(message)s")
        logging.info("building failure_30d splits")
        try:
            main()
        except Exception:
            logging.exception("split failed")
            sys.exit(1)
    else:
        main()
