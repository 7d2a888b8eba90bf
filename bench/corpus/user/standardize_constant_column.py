"""standardize() divides by the column std; a feature that is constant in this extract has std 0 and the NaN guard fires."""
EXPECT = ["standardize-constant-feature-zero-std-nan-guard"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def extract(n, rng, constant):
    df = pd.DataFrame(
        {
            "age_days": rng.integers(1, 3000, n).astype(float),
            "orders_90d": rng.poisson(3, n).astype(float),
            "avg_basket": rng.gamma(2, 25, n),
            "n_refunds": rng.poisson(0.2, n).astype(float),
            "is_b2b": (rng.random(n) < 0.1).astype(float),
            "app_sessions_7d": rng.poisson(5, n).astype(float),
        }
    )
    for col in constant:
        df[col] = df[col].iloc[0] * 0.0  # this extract has no variation in these columns
    return df


def standardize(df):
    mean = df.mean()
    std = df.std(ddof=0)
    return (df - mean) / std


def check_features(X):
    bad = X.columns[X.isna().any()].tolist()
    assert not bad, f"NaN in features after standardize: {bad}"


def build_features(df):
    X = standardize(df)
    check_features(X)
    return X.to_numpy(dtype=np.float32)


def main():
    rng = np.random.default_rng(VARIANT)
    n, constant = {0: (5000, ["n_refunds"]), 1: (800, ["is_b2b"]), 2: (20000, ["n_refunds", "is_b2b"]), 3: (1200, ["app_sessions_7d"])}[VARIANT]
    df = extract(n, rng, constant)
    if VARIANT == 3:
        print(f"extract: {len(df)} customers, {df.shape[1]} features")
        print("standardizing ...")
    X = build_features(df)
    print(X.shape)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("segment_b2b extract: 20000 rows")
        try:
            main()
        except Exception:
            logging.exception("feature build failed")
            sys.exit(1)
    else:
        main()
