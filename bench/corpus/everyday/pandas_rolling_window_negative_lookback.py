EXPECT = []
VARIANTS = 3

# Feature step for daily sales: lookback windows come from a config where "look back 7 days" was
# written as -7 (like a shift), so rolling() gets a negative window.
import sys

import numpy as np
import pandas as pd
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

FEATURES_YAML = [
    "rolling_means: [-7, -28]\nlags: [1, 7]\n",
    "rolling_means: [3, 7, -14]\nlags: [1]\ngroup_by: store_id\n",
    "rolling_sums:\n  units: -30\n",
][V]


def daily_sales():
    rng = np.random.default_rng(0)
    days = pd.date_range("2024-01-01", periods=120, freq="D")
    return pd.DataFrame({
        "date": np.tile(days, 3),
        "store_id": np.repeat([101, 102, 103], len(days)),
        "units": rng.poisson(40, 3 * len(days)),
    })


def add_features(df, cfg):
    g = df.groupby("store_id")["units"] if cfg.get("group_by") else df["units"]
    for lag in cfg.get("lags", []):
        df[f"units_lag_{lag}"] = g.shift(lag)
        print(f"added units_lag_{lag}")
    for w in cfg.get("rolling_means", []):
        col = f"units_mean_{abs(w)}d"
        if cfg.get("group_by"):
            df[col] = g.rolling(w).mean().reset_index(level=0, drop=True)
        else:
            df[col] = g.rolling(w).mean()
        print(f"added {col}")
    for name, w in cfg.get("rolling_sums", {}).items():
        df[f"{name}_sum_{abs(w)}d"] = df[name].rolling(window=w, min_periods=1).sum()
    return df


def main():
    with open("features.yaml", "w") as f:
        f.write(FEATURES_YAML)
    cfg = yaml.safe_load(open("features.yaml"))
    df = add_features(daily_sales(), cfg)
    print(df.tail())


if __name__ == "__main__":
    main()
