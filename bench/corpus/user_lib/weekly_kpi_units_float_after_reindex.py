"""weekly_kpis.py reindexes unit totals over stores_master's store list; stores opened this week have no sales yet, the reindex gives them NaN and turns units into float64, and the report line formats units with :d."""
EXPECT = ["weekly-kpi-report-units-float-after-store-reindex"]
VARIANTS = 4

import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def write_inputs(n_stores, n_new, week):
    rng = np.random.default_rng(VARIANT)
    stores = pd.DataFrame(
        {
            "store_id": np.arange(1, n_stores + n_new + 1),
            "region": rng.choice(["north", "south", "west"], n_stores + n_new),
            "opened": [f"{2018 + i % 5}-03-01" for i in range(n_stores)] + [week] * n_new,
        }
    )
    stores.to_csv("stores_master.csv", index=False)
    sales = pd.DataFrame({"store_id": rng.integers(1, n_stores + 1, 4000), "units": rng.integers(1, 9, 4000)})
    os.makedirs("sales", exist_ok=True)
    sales.to_csv(f"sales/{week}.csv", index=False)


def units_per_store(week):
    stores = pd.read_csv("stores_master.csv")
    sales = pd.read_csv(f"sales/{week}.csv")
    units = sales.groupby("store_id")["units"].sum()
    return units.reindex(stores["store_id"]).rename("units").reset_index().merge(stores, on="store_id")


def report_lines(table):
    for row in table.itertuples():
        yield f"store {row.store_id:>4d} ({row.region:<5}) units {row.units:>6d}"


def main():
    week = {0: "2024-W23", 1: "2024-W24", 2: "2024-W23", 3: "2024-W25"}[VARIANT]
    write_inputs(*{0: (40, 2), 1: (120, 1), 2: (25, 3), 3: (60, 2)}[VARIANT], week)
    table = units_per_store(week)
    if VARIANT == 1:
        total = table["units"].sum()
        print("Weekly KPIs {}: {:,d} units".format(week, total))
    elif VARIANT == 3:
        for region, part in table.groupby("region"):
            print(f"== {region} ==")
            for line in report_lines(part):
                print(line)
    else:
        with open(f"kpis_{week}.txt", "w") as fh:
            for line in report_lines(table):
                fh.write(line + "\n")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s weekly_kpis: %(message)s")
        logging.info("building KPI report for 2024-W23")
        try:
            main()
        except Exception:
            logging.exception("report failed")
            sys.exit(1)
    else:
        main()
