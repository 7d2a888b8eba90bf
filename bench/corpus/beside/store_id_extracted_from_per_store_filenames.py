"""Per-store forecast files are named forecast_store_<id>.csv; the store_id taken from the file name with str.extract is text, while the actuals have int store_id."""
# beside: stores-master-store-id-zero-padded-text
# why: the string ids come from a regex on file names in the user's own code (str.extract returns strings); there is no stores_master read with dtype=str.
EXPECT = []
VARIANTS = 2

import glob
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def write_forecasts(stores):
    os.makedirs("forecasts", exist_ok=True)
    rng = np.random.default_rng(0)
    for store in stores:
        pd.DataFrame({"date": pd.date_range("2024-06-03", periods=7).strftime("%Y-%m-%d"), "forecast": rng.uniform(100, 400, 7).round(1)}).to_csv(f"forecasts/forecast_store_{store}.csv", index=False)


def load_forecasts():
    frames = []
    for path in sorted(glob.glob("forecasts/forecast_store_*.csv")):
        frame = pd.read_csv(path)
        frame["file"] = os.path.basename(path)
        frames.append(frame)
    forecasts = pd.concat(frames, ignore_index=True)
    forecasts["store_id"] = forecasts["file"].str.extract(r"forecast_store_(\d+)\.csv", expand=False)
    return forecasts.drop(columns="file")


def main():
    stores = {0: [12, 17, 42], 1: list(range(1, 31))}[VARIANT]
    write_forecasts(stores)
    rng = np.random.default_rng(1)
    actuals = pd.DataFrame({"store_id": np.repeat(stores, 7), "date": np.tile(pd.date_range("2024-06-03", periods=7).strftime("%Y-%m-%d"), len(stores)), "units": rng.integers(80, 450, 7 * len(stores))})
    forecasts = load_forecasts()
    if VARIANT == 1:
        print(f"{len(forecasts)} forecast rows from {forecasts['store_id'].nunique()} files")
    scored = actuals.merge(forecasts, on=["store_id", "date"])
    print((scored["units"] - scored["forecast"]).abs().mean())


if __name__ == "__main__":
    main()
