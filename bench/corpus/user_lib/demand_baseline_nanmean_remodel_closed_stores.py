"""forecast/train.py turns every warning into an error (added after a silent-NaN incident) and builds each store's 28-day baseline with np.nanmean over daily sales, where the POS export writes NaN for days a store did not trade; stores closed the whole window for a remodel have no day left to average."""
EXPECT = ["demand-baseline-28d-nanmean-stores-closed-for-remodel"]
VARIANTS = 4

import logging
import sys
import warnings

import numpy as np
import pandas as pd

warnings.filterwarnings("error")  # fail loudly on numeric warnings (INC-2291)

VARIANT = int(sys.argv[1])
N_STORES = {0: 140, 1: 62, 2: 140, 3: 140}[VARIANT]
WINDOW = {0: 28, 1: 14, 2: 28, 3: 28}[VARIANT]
CLOSED = {0: [17, 88], 1: [40], 2: [17, 88], 3: [17, 88]}[VARIANT]


def pos_daily_sales(days=120):
    """Daily net sales per store as the POS export gives them: NaN on days a store did not trade."""
    rng = np.random.default_rng(VARIANT)
    index = pd.date_range("2024-02-01", periods=days, freq="D")
    sales = pd.DataFrame(rng.gamma(4.0, 900.0, size=(days, N_STORES)).round(2), index=index,
                         columns=[f"S{i:03d}" for i in range(N_STORES)])
    sales.iloc[::7, : N_STORES // 2] = np.nan  # closed on Sundays in some regions
    for store in CLOSED:  # remodel: closed since early May
        sales.iloc[days - 35:, store] = np.nan
    return sales


def baseline(sales, window):
    return np.nanmean(sales.to_numpy()[-window:], axis=0)


class DemandFeatures:
    def __init__(self, window):
        self.window = window

    def build(self, sales):
        base = baseline(sales, self.window)
        return pd.DataFrame({"store": sales.columns, "baseline": base, "last_week": sales.iloc[-7:].sum().to_numpy()})


def main():
    sales = pos_daily_sales()
    if VARIANT == 3:
        print(f"loaded pos_daily_sales: {sales.shape[0]} days x {sales.shape[1]} stores")
        print(f"computing {WINDOW}-day baselines")
    if VARIANT == 1:
        print(DemandFeatures(WINDOW).build(sales).head())
    else:
        base = baseline(sales, WINDOW)
        print(f"median baseline {np.median(base):.1f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s forecast.train: %(message)s")
        logging.info("building features for %d stores", N_STORES)
        try:
            main()
        except Exception:
            logging.exception("feature build failed")
            sys.exit(1)
    else:
        main()
