EXPECT = []
VARIANTS = 3

# A data-quality report prints percentiles of each numeric column; the report config lists them
# as whole numbers ([5, 50, 95]) as numpy.percentile takes them, but pandas wants fractions.
import json
import logging
import sys

import numpy as np
import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

REPORT = [
    {"table": "orders", "percentiles": [5, 50, 95]},
    {"table": "sessions", "percentiles": [0.25, 0.5, 0.75, 99]},
    {"table": "payments", "quantiles": [1, 99]},
][V]


def load(table):
    rng = np.random.default_rng(0)
    return pd.DataFrame({"amount": rng.gamma(2, 20, 300), "items": rng.integers(1, 9, 300),
                         "duration_s": rng.exponential(60, 300)})


def profile(df, report):
    if "quantiles" in report:
        return df.quantile(report["quantiles"])
    return df.describe(percentiles=report["percentiles"])


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s dq: %(message)s")
    with open("report.json", "w") as f:
        json.dump(REPORT, f)
    report = json.load(open("report.json"))
    df = load(report["table"])
    logging.info("table %s: %d rows, %d columns", report["table"], *df.shape)
    logging.info("null counts: %s", df.isna().sum().to_dict())
    print(profile(df, report))


if __name__ == "__main__":
    main()
