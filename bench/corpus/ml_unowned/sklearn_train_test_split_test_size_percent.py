EXPECT = []
VARIANTS = 3

# The split settings come from a YAML file where the hold-out share is written in percent
# ("test_size: 20.0"), or from an empty field that the code turns into 0.
import logging
import sys

import numpy as np
import pandas as pd
import yaml
from sklearn.model_selection import train_test_split

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SPLIT_YAML = [
    "split:\n  test_size: 20.0   # percent\n  stratify: churned\n  seed: 42\n",
    "split:\n  test_size: 30.0\n  seed: 7\n",
    "split:\n  test_size:\n  seed: 0\n",
][V]


def load_customers(n=500):
    rng = np.random.default_rng(0)
    return pd.DataFrame({
        "tenure_months": rng.integers(1, 72, n),
        "monthly_spend": rng.gamma(2.0, 30.0, n).round(2),
        "support_calls": rng.poisson(1.5, n),
        "churned": rng.random(n) < 0.2,
    })


def split(df, cfg):
    y = df.pop("churned")
    strat = y if cfg.get("stratify") else None
    return train_test_split(df, y, test_size=cfg.get("test_size") or 0, random_state=cfg["seed"], stratify=strat)


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("prepare")
    with open("split.yaml", "w") as f:
        f.write(SPLIT_YAML)
    cfg = yaml.safe_load(open("split.yaml"))["split"]
    df = load_customers()
    log.info("loaded %d customers, churn rate %.3f", len(df), df["churned"].mean())
    X_train, X_test, y_train, y_test = split(df, cfg)
    log.info("train %d / test %d", len(X_train), len(X_test))


if __name__ == "__main__":
    main()
