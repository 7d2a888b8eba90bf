"""The warehouse's dim_customer v2 marks current rows with valid_to 9999-12-31 instead of leaving it empty, and the churn labeler adds its 60-day grace window to every non-empty valid_to."""
EXPECT = ["customer-dim-v2-valid-to-9999-plus-grace-window"]
VARIANTS = 3

import csv
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta

import numpy as np

VARIANT = int(sys.argv[1])
GRACE_DAYS = {0: 60, 1: 60, 2: 90}[VARIANT]
OPEN_END = "9999-12-31"


def export_dim_customer(path, n, rng):
    """The nightly extract of dim_customer (warehouse model v2)."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["customer_id", "plan", "valid_from", "valid_to"])
        for i in range(n):
            start = date(2021, 1, 1) + timedelta(days=int(rng.integers(0, 1200)))
            ended = i % 4 == 0
            end = (start + timedelta(days=int(rng.integers(30, 400)))).isoformat() if ended else OPEN_END
            w.writerow([50_000 + i, rng.choice(["basic", "plus", "pro"]), start.isoformat(), end])


def label_window(row):
    """Churned if the subscription ended and no new one started within the grace window."""
    if not row["valid_to"]:
        return None
    return date.fromisoformat(row["valid_to"]) + timedelta(days=GRACE_DAYS)


def label_rows(rows):
    out = []
    for row in rows:
        out.append({**row, "label_end": label_window(row)})
    return out


def main(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    print(f"{path}: {len(rows)} subscription rows")
    if VARIANT == 2:
        chunks = [rows[i:i + 250] for i in range(0, len(rows), 250)]
        with ThreadPoolExecutor(max_workers=4) as pool:
            labeled = [r for chunk in pool.map(label_rows, chunks) for r in chunk]
    else:
        labeled = label_rows(rows)
    print(sum(r["label_end"] is not None for r in labeled), "rows with a label window")


if __name__ == "__main__":
    rng = np.random.default_rng(VARIANT)
    path = {0: "extracts/dim_customer.csv", 1: "warehouse/dim_customer_2024-06-03.csv", 2: "extracts/dim_customer.csv"}[VARIANT]
    export_dim_customer(path, {0: 40, 1: 3000, 2: 1000}[VARIANT], rng)
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s churn-labels %(message)s")
        try:
            main(path)
        except Exception:
            logging.exception("labeling failed for %s", path)
            sys.exit(1)
    else:
        main(path)
