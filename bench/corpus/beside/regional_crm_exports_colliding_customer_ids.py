"""dim_customer is built by concatenating the EU and US CRM exports; each CRM numbers its customers from 1000, so the same customer_id appears once per region."""
# beside: crm-customer-dim-scd2-duplicate-customer-rows
# why: the duplicate customer_ids are two different customers from two CRMs with overlapping id ranges, current rows only; there are no SCD type 2 history versions.
EXPECT = []
VARIANTS = 3

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def crm_export(region, n, seed):
    """One row per customer (current state only); ids are local to each CRM instance."""
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "customer_id": np.arange(1000, 1000 + n),
            "region": region,
            "plan": rng.choice(["basic", "plus", "pro"], n),
        }
    )


def orders(n, max_id, seed):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({"order_id": np.arange(n), "customer_id": rng.integers(1000, max_id, n), "amount": rng.gamma(2.0, 30.0, n).round(2)})


def enrich_orders(orders_df, customers):
    return orders_df.merge(customers, on="customer_id", how="left", validate="many_to_one")


def main():
    n_eu, n_us = {0: (400, 250), 1: (1200, 900), 2: (300, 300)}[VARIANT]
    dim_customer = pd.concat([crm_export("EU", n_eu, 1), crm_export("US", n_us, 2)], ignore_index=True)
    dim_customer.to_csv("dim_customer.csv", index=False)
    customers = pd.read_csv("dim_customer.csv")
    if VARIANT == 2:
        print(f"dim_customer: {len(customers)} rows from 2 CRMs")
    enriched = enrich_orders(orders(3000, 1000 + n_eu, VARIANT), customers)
    print(enriched.groupby("plan")["amount"].sum())


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s revenue_by_plan: %(message)s")
        logging.info("joining orders with dim_customer (EU+US)")
        try:
            main()
        except Exception:
            logging.exception("revenue by plan failed")
            sys.exit(1)
    else:
        main()
