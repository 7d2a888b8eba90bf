EXPECT = []
VARIANTS = 3

# Gap filling in a sensor export: the cleaning config uses 0 for "no limit" on forward fill /
# interpolation, as the vendor tool does; pandas takes limit=0 as an error.
import sys

import numpy as np
import pandas as pd
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CLEAN_YAML = [
    "gap_fill:\n  method: ffill\n  limit: 0   # 0 = unlimited\n",
    "gap_fill:\n  method: interpolate\n  limit: 0\n",
    "gap_fill:\n  method: fillna\n  value: 0.0\n  limit: -1\n",
][V]


def readings():
    idx = pd.date_range("2024-05-01", periods=48, freq="30min")
    v = np.sin(np.arange(48) / 6.0)
    v[[5, 6, 7, 20, 33, 34]] = np.nan
    return pd.DataFrame({"temperature": v, "pressure": v * 3 + 100}, index=idx)


def fill_gaps(df, cfg):
    if cfg["method"] == "ffill":
        return df.ffill(limit=cfg["limit"])
    if cfg["method"] == "interpolate":
        return df.interpolate(limit=cfg["limit"])
    return df.fillna(cfg["value"], limit=cfg["limit"])


def main():
    with open("clean.yaml", "w") as f:
        f.write(CLEAN_YAML)
    cfg = yaml.safe_load(open("clean.yaml"))["gap_fill"]
    df = readings()
    print(f"missing before fill: {int(df.isna().sum().sum())}")
    df = fill_gaps(df, cfg)
    print(f"missing after fill: {int(df.isna().sum().sum())}")


if __name__ == "__main__":
    main()
