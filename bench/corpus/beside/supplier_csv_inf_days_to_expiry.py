"""The supplier's product file writes "inf" in days_to_expiry for non-perishable goods; read_csv parses it as float infinity."""
# beside: orders-per-visit-inf-app-only-customers
# why: the infinity is a sentinel in an upstream supplier CSV, not a ratio the user computed over web visits.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge

VARIANT = int(sys.argv[1])


def write_supplier_file(n):
    rng = np.random.default_rng(VARIANT)
    days = [str(int(d)) for d in rng.integers(2, 60, n)]
    for i in range(0, n, 7):
        days[i] = "inf"  # non-perishable
    pd.DataFrame({"sku": [f"S{i:05d}" for i in range(n)], "days_to_expiry": days,
                  "unit_cost": rng.uniform(0.5, 20, n).round(2), "weekly_units": rng.integers(0, 200, n)}).to_csv("supplier_products.csv", index=False)


def main():
    write_supplier_file({0: 350, 1: 1200}[VARIANT])
    products = pd.read_csv("supplier_products.csv")
    X = products[["days_to_expiry", "unit_cost"]].to_numpy(dtype=np.float64)
    Ridge(alpha=1.0).fit(X, products["weekly_units"])


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s demand: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
