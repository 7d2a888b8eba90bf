"""The feature table has no rows for 20 machines decommissioned last month; the label table still lists all 1000 and the two are zipped by position instead of joined on machine_id."""
# beside: clean-features-dropna-x-not-labels
# why: X is short because the feature store has no rows for decommissioned machines (nothing was dropped by dropna); the labels were never joined on machine_id.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier

VARIANT = int(sys.argv[1])
rng = np.random.default_rng(7 + VARIANT)


def feature_table(machine_ids):
    """The feature store's daily table: only machines that still report telemetry."""
    decommissioned = set(machine_ids[-20:])
    live = [m for m in machine_ids if m not in decommissioned]
    frame = pd.DataFrame(rng.normal(size=(len(live), 4)), columns=["temp", "vibration", "pressure", "rpm"])
    frame.insert(0, "machine_id", live)
    return frame


def label_table(machine_ids):
    return pd.DataFrame({"machine_id": machine_ids, "failure": rng.integers(0, 2, len(machine_ids))})


def clean_features(frame):
    return frame.drop(columns="machine_id")


def main():
    machine_ids = [f"M{i:04d}" for i in range(1000)]
    features = feature_table(machine_ids)
    labels = label_table(machine_ids)
    logging.info("features: %d rows, labels: %d rows", len(features), len(labels))
    x = clean_features(features)
    y = labels["failure"].to_numpy()
    RandomForestClassifier(n_estimators=20, random_state=0).fit(x, y)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s failure_model: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
