"""The ingestion data-quality check reuses the names build_report / write_metrics for its own report; its null counts come from pandas isna().sum(), numpy int64."""
# beside: eval-report-numpy-counts-not-json-serializable
# why: the int64 values are null counts in an ingestion data-quality report, not the eval report's n_positive / n_predicted written to metrics.json.
EXPECT = []
VARIANTS = 3

import json
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def load_batch(n):
    rng = np.random.default_rng(VARIANT)
    frame = pd.DataFrame({"order_id": np.arange(n), "amount": rng.gamma(2, 20, n), "country": rng.choice(["DE", "FR", None], n)})
    frame.loc[rng.choice(n, n // 30, replace=False), "amount"] = np.nan
    return frame


def build_report(frame):
    return {
        "rows": len(frame),
        "columns": list(frame.columns),
        "null_amount": frame["amount"].isna().sum(),
        "null_country": frame["country"].isna().sum(),
    }


def write_metrics(report, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "dq_report.json"), "w") as fh:
        json.dump(report, fh, indent=2)


def main():
    out_dir = {0: "dq/out", 1: "ingest/2024-06-03/dq", 2: "dq/out"}[VARIANT]
    if VARIANT == 2:
        frames = []
        for part in range(3):
            frames.append(load_batch(400))
            print(f"loaded part {part + 1}/3")
        frame = pd.concat(frames, ignore_index=True)
    else:
        frame = load_batch({0: 1200, 1: 5000}[VARIANT])
    write_metrics(build_report(frame), out_dir)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ingest: %(message)s")
        logging.info("data-quality check for orders batch")
        try:
            main()
        except Exception:
            logging.exception("dq check failed")
            sys.exit(1)
    else:
        main()
