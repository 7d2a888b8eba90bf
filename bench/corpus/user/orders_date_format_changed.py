"""The orders export switched order_date from ISO (2024-03-05) to day/month/year; parsing with the fixed ISO format fails."""
EXPECT = ["orders-export-order-date-format-changed"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
DATE_FORMAT = "%Y-%m-%d"


def write_export(path, n, rng, fmt):
    dates = pd.Timestamp("2024-03-05") + pd.to_timedelta(rng.integers(0, 60, n), unit="D")
    pd.DataFrame({"order_id": np.arange(n), "order_date": dates.strftime(fmt), "amount": rng.gamma(2, 30, n).round(2)}).to_csv(path, index=False)


def load_orders(path):
    df = pd.read_csv(path)
    df["order_date"] = pd.to_datetime(df["order_date"], format=DATE_FORMAT)
    return df


def weekly_revenue(df):
    return df.set_index("order_date")["amount"].resample("W").sum()


def main():
    rng = np.random.default_rng(VARIANT)
    path, n, fmt = {0: ("orders_2024-03.csv", 500, "%d/%m/%Y"), 1: ("exports/orders_q2.csv", 3000, "%d.%m.%Y"),
                    2: ("orders_2024-03.csv", 800, "%d/%m/%Y"), 3: ("orders_latest.csv", 120, "%m/%d/%Y")}[VARIANT]
    import os

    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    write_export(path, n, rng, fmt)
    if VARIANT == 3:
        print(f"reading {path}")
    print(weekly_revenue(load_orders(path)).tail())


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s revenue-report: %(message)s")
        logging.info("loading orders_2024-03.csv")
        try:
            main()
        except Exception:
            logging.exception("report failed")
            sys.exit(1)
    else:
        main()
