"""features.yaml lists the model's inputs; pruning it to one feature left `features: log_price` as a scalar instead of a one-item list, so frame[cfg["features"]] is a Series."""
EXPECT = ["features-yaml-single-feature-written-as-scalar"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
import yaml

VARIANT = int(sys.argv[1])

# features.yaml after the pruning commit ("keep only the price term")
FEATURES_YAML = {
    0: "target: log_units\nfeatures: log_price\n",
    1: "target: log_units\nfeatures: log_price  # was [log_price, promo, week]\nalpha: 1.0\n",
    2: "target: log_units\nfeatures: log_price\n",
    3: "target: conversion\nfeatures: discount_pct\nmodel: logistic\n",
}[VARIANT]


def load_sales(n):
    rng = np.random.default_rng(VARIANT)
    price = rng.uniform(2, 20, n)
    return pd.DataFrame(
        {
            "log_price": np.log(price),
            "promo": rng.integers(0, 2, n),
            "week": rng.integers(1, 53, n),
            "discount_pct": rng.uniform(0, 40, n),
            "log_units": 5 - 1.3 * np.log(price) + rng.normal(0, 0.2, n),
            "conversion": rng.integers(0, 2, n),
        }
    )


def main():
    with open("features.yaml", "w") as fh:
        fh.write(FEATURES_YAML)
    with open("features.yaml") as fh:
        cfg = yaml.safe_load(fh)
    sales = load_sales({0: 500, 1: 2000, 2: 800, 3: 1500}[VARIANT])
    X, y = sales[cfg["features"]], sales[cfg["target"]]
    if VARIANT == 1:
        from sklearn.linear_model import Ridge
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler

        print(f"fitting elasticity on {len(X)} weeks")
        make_pipeline(StandardScaler(), Ridge(alpha=cfg["alpha"])).fit(X, y)
    elif VARIANT == 3:
        from sklearn.linear_model import LogisticRegression

        for week in range(1, 4):
            print(f"week {week}: {len(X) // 3} sessions")
        LogisticRegression().fit(X, y)
    else:
        from sklearn.linear_model import LinearRegression

        model = LinearRegression().fit(X, y)
        print(f"elasticity: {model.coef_[0]:.2f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s elasticity: %(message)s")
        logging.info("features.yaml loaded")
        try:
            main()
        except Exception:
            logging.exception("elasticity fit failed")
            sys.exit(1)
    else:
        main()
