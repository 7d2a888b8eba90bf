"""The churn labeler's horizon now comes from the shared pipeline settings, which give every duration in seconds (label_horizon: 7776000), and label_window passes it to timedelta(days=...)."""
# beside: customer-dim-v2-valid-to-9999-plus-grace-window
# why: valid_to holds real end dates here (current rows are empty, as in v1); the horizon is 90 days expressed in seconds and read as days, which pushes every window past year 9999; the fix is timedelta(seconds=...), not the sentinel date.
EXPECT = []
VARIANTS = 2

import csv
import os
import sys
from datetime import date, timedelta

import numpy as np
import yaml

VARIANT = int(sys.argv[1])


def write_inputs(n, rng):
    os.makedirs("conf", exist_ok=True)
    with open("conf/pipeline.yaml", "w") as f:
        f.write("churn:\n  label_horizon: 7776000   # 90 days\n  min_tenure: 2592000   # 30 days\n")
    os.makedirs("extracts", exist_ok=True)
    with open("extracts/dim_customer.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["customer_id", "plan", "valid_from", "valid_to"])
        for i in range(n):
            start = date(2022, 1, 1) + timedelta(days=int(rng.integers(0, 800)))
            end = (start + timedelta(days=int(rng.integers(30, 300)))).isoformat() if i % 3 == 0 else ""
            w.writerow([60_000 + i, rng.choice(["basic", "plus"]), start.isoformat(), end])


def label_window(row, horizon):
    if not row["valid_to"]:
        return None
    return date.fromisoformat(row["valid_to"]) + timedelta(days=horizon)


if __name__ == "__main__":
    write_inputs({0: 30, 1: 400}[VARIANT], np.random.default_rng(VARIANT))
    with open("conf/pipeline.yaml") as f:
        settings = yaml.safe_load(f)["churn"]
    with open("extracts/dim_customer.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    print(f"{len(rows)} rows, horizon {settings['label_horizon']}")
    labeled = [label_window(r, settings["label_horizon"]) for r in rows]
    print(sum(w is not None for w in labeled), "label windows")
