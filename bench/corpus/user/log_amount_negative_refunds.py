"""np.log1p on order amounts: refunds are stored as negative amounts, giving NaN features that the Ridge model rejects."""
EXPECT = ["log1p-amount-negative-refunds-nan-ridge"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge

VARIANT = int(sys.argv[1])


def load_orders(n, rng, refund_rate):
    amount = rng.gamma(2.0, 40.0, n)
    refund = rng.random(n) < refund_rate
    amount[refund] = -amount[refund]  # refunds arrive as negative amounts from the billing export
    return pd.DataFrame({"amount": amount, "items": rng.integers(1, 10, n), "days_since_signup": rng.integers(0, 900, n)})


def featurize(orders):
    return pd.DataFrame(
        {
            "log_amount": np.log1p(orders["amount"]),
            "items": orders["items"],
            "log_tenure": np.log1p(orders["days_since_signup"]),
        }
    )


def fit_margin_model(orders):
    X = featurize(orders)
    y = 0.3 * orders["amount"] + orders["items"]
    return Ridge(alpha=1.0).fit(X, y)


def main():
    rng = np.random.default_rng(VARIANT)
    n, rate = {0: (10000, 0.02), 1: (2500, 0.05), 2: (50000, 0.01), 3: (800, 0.03)}[VARIANT]
    orders = load_orders(n, rng, rate)
    if VARIANT == 3:
        print(f"orders: {len(orders)}")
        print("fitting margin model ...")
    model = fit_margin_model(orders)
    print(model.coef_)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("margin model retrain: 50000 orders")
        try:
            main()
        except Exception:
            logging.exception("retrain failed")
            sys.exit(1)
    else:
        main()
