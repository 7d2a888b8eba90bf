"""The store-performance report exported from the BI tool ends with a row of bare separators (the tool's page footer), and the staffing model reads it with store_id pinned to int32."""
# beside: order-lines-oms-v5-cancelled-blank-qty-int64-dtype
# why: no OMS export and no cancelled lines: the missing values are a footer row of empty fields the BI export appends after the data; the fix is to drop that trailing row (skipfooter or dropna(how='all')), not a nullable qty.
EXPECT = []
VARIANTS = 2

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
DTYPES = {"store_id": "int32", "region": "str", "footfall": "int64", "staff_hours": "float64", "sales": "float64"}


def bi_export(path, n_stores, seed):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("store_id,region,footfall,staff_hours,sales\n")
        for i in range(n_stores):
            f.write(f"{101 + i},{rng.choice(['north', 'south', 'west'])},{rng.integers(300, 5000)},"
                    f"{rng.uniform(200, 900):.1f},{rng.uniform(5e3, 9e4):.2f}\n")
        f.write(",,,,\n")


def load_store_report(path):
    return pd.read_csv(path, dtype=DTYPES)


def staffing_ratio(report):
    return (report["footfall"] / report["staff_hours"]).describe()


if __name__ == "__main__":
    path = {0: "bi/store_performance_2024-05.csv", 1: "reports/bi_export_week23.csv"}[VARIANT]
    bi_export(path, {0: 40, 1: 180}[VARIANT], VARIANT)
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
        log = logging.getLogger("staffing.inputs")
        try:
            log.info("ratio %s", staffing_ratio(load_store_report(path)).to_dict())
        except Exception:
            log.exception("cannot read %s", path)
            sys.exit(1)
    else:
        print(staffing_ratio(load_store_report(path)))
