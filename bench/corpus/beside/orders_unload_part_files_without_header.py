"""The warehouse unload splits the orders extract into part files and writes the header only into part 00000; the feature job reads every part with usecols."""
# beside: loyalty-export-comma-space-separator-usecols
# why: the header names are right where they exist; parts after the first have no header row at all, so pandas takes a data row as the header; the fix is header=None with explicit names for every part, not a separator setting.
EXPECT = []
VARIANTS = 2

import glob
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
COLUMNS = ["order_id", "customer_id", "order_date", "channel", "order_value"]
USECOLS = {0: ["customer_id", "order_value"], 1: ["customer_id", "channel", "order_value"]}[VARIANT]


def unload(folder, n, parts, rng):
    os.makedirs(folder, exist_ok=True)
    df = pd.DataFrame({"order_id": np.arange(n), "customer_id": rng.integers(1, 5000, n), "order_date": "2024-06-03",
                       "channel": rng.choice(["web", "app", "store"], n), "order_value": rng.gamma(2.0, 40.0, n).round(2)})
    size = -(-n // parts)
    for k in range(parts):
        chunk = df.iloc[k * size:(k + 1) * size]
        chunk[COLUMNS].to_csv(f"{folder}/part-{k:05d}.csv", index=False, header=(k == 0))


def customer_spend(folder):
    frames = []
    for path in sorted(glob.glob(f"{folder}/part-*.csv")):
        frames.append(pd.read_csv(path, usecols=USECOLS))
        logging.info("read %s (%d rows)", path, len(frames[-1]))
    return pd.concat(frames).groupby("customer_id")["order_value"].sum()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s features %(message)s")
    folder = {0: "unload/orders/2024-06-03", 1: "warehouse/unload/orders"}[VARIANT]
    unload(folder, {0: 3000, 1: 12000}[VARIANT], {0: 3, 1: 6}[VARIANT], np.random.default_rng(VARIANT))
    print(customer_spend(folder).describe())
