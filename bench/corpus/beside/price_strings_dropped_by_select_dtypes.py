"""Prices scraped as "$12.99" strings are object/str columns, so select_dtypes("number") silently drops price from the feature frame."""
# beside: catalog-export-price-renamed-unit-price
# why: the column is named price in the data; the user's own select_dtypes step removed it because it holds currency strings, nothing was renamed upstream.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def scrape_competitor_prices(n, seed):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "sku": [f"SKU-{i:05d}" for i in range(n)],
            "price": [f"${v:,.2f}" for v in rng.uniform(3, 1500, n)],
            "rating": rng.uniform(1, 5, n).round(1),
            "n_reviews": rng.integers(0, 900, n),
        }
    )


def numeric_features(frame):
    return frame.select_dtypes(include="number")


def add_log_price(features):
    features = features.copy()
    features["log_price"] = np.log1p(features["price"])
    return features


def main():
    frame = scrape_competitor_prices(300 + 200 * VARIANT, VARIANT)
    features = numeric_features(frame)
    if VARIANT == 1:
        logging.info("numeric features: %s", list(features.columns))
    add_log_price(features)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s pricing_features: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("feature build failed")
            sys.exit(1)
    else:
        main()
