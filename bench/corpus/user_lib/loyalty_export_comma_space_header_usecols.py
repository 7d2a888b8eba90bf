"""The loyalty vendor's new export tool separates fields with ', ' (comma and space), and load_visits reads the export with usecols, which now matches none of the header's space-prefixed names but the first."""
EXPECT = ["loyalty-export-comma-space-separator-usecols"]
VARIANTS = 3

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
USECOLS = {0: ["member_id", "store_id", "points", "basket_value"],
           1: ["member_id", "tier", "basket_value"],
           2: ["member_id", "store_id", "visit_date", "points"]}[VARIANT]


def vendor_export(path, n, seed):
    """What the loyalty vendor drops on the SFTP share every night (export tool v2)."""
    rng = np.random.default_rng(seed)
    header = ["member_id", "store_id", "visit_date", "tier", "points", "basket_value", "channel"]
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write(", ".join(header) + "\n")
        for i in range(n):
            row = [f"M{rng.integers(1, 99999):06d}", str(rng.integers(100, 180)), "2024-06-03",
                   str(rng.choice(["basic", "silver", "gold"])), str(rng.integers(0, 400)),
                   f"{rng.gamma(2.0, 25.0):.2f}", str(rng.choice(["store", "app"]))]
            f.write(", ".join(row) + "\n")


def load_visits(path):
    return pd.read_csv(path, usecols=USECOLS)


def points_per_store(visits):
    return visits.groupby("store_id")["points"].sum()


def spend_by_tier(path):
    visits = load_visits(path)
    return visits.groupby("tier")["basket_value"].mean()


if __name__ == "__main__":
    path = {0: "sftp/loyalty/visits_2024-06-03.csv", 1: "incoming/loyalty_visits.csv", 2: "sftp/loyalty/visits_2024-06-04.csv"}[VARIANT]
    vendor_export(path, {0: 500, 1: 2000, 2: 80}[VARIANT], VARIANT)
    if VARIANT == 0:
        print(points_per_store(load_visits(path)).head())
    elif VARIANT == 1:
        print(f"{path}: {os.path.getsize(path)} bytes")
        print(spend_by_tier(path))
    else:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
        log = logging.getLogger("loyalty.ingest")
        try:
            log.info("loaded %d visits", len(load_visits(path)))
        except Exception:
            log.exception("could not load %s", path)
            sys.exit(1)
