"""stores_master.csv keeps store_id as zero-padded text ("0042"), read with dtype=str; sales has store_id as int."""
EXPECT = ["stores-master-store-id-zero-padded-text"]
VARIANTS = 3

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def write_inputs(n_stores):
    pd.DataFrame({"store_id": [f"{i:04d}" for i in range(1, n_stores + 1)], "region": "north"}).to_csv(
        "stores_master.csv", index=False
    )
    rng = np.random.default_rng(0)
    pd.DataFrame({"store_id": rng.integers(1, n_stores + 1, 500), "units": rng.integers(1, 30, 500)}).to_csv(
        "sales.csv", index=False
    )


def load_stores():
    return pd.read_csv("stores_master.csv", dtype=str)  # keep the leading zeros


def main():
    write_inputs({0: 40, 1: 120, 2: 12}[VARIANT])
    sales = pd.read_csv("sales.csv")
    stores = load_stores()
    if VARIANT == 1:
        print(f"{len(sales)} sales rows, {len(stores)} stores")
        pd.merge(sales, stores, on="store_id", how="left")
    elif VARIANT == 2:
        sales.groupby("store_id", as_index=False)["units"].sum().merge(stores, on="store_id")
    else:
        sales.merge(stores, on="store_id", how="left")


if __name__ == "__main__":
    main()
