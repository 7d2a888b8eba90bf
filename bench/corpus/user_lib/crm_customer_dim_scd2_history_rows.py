"""The CRM's customer dimension export is SCD type 2 (a new row per plan or address change, with valid_from/valid_to); the orders join assumes one row per customer_id."""
EXPECT = ["crm-customer-dim-scd2-duplicate-customer-rows"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def crm_export(n_customers, seed):
    """dim_customer as the CRM exports it: current and historical versions of each customer."""
    rng = np.random.default_rng(seed)
    rows = []
    for cid in range(1000, 1000 + n_customers):
        versions = 1 + (rng.random() < 0.15) + (rng.random() < 0.05)
        start = pd.Timestamp("2022-01-01") + pd.Timedelta(days=int(rng.integers(0, 300)))
        for v in range(versions):
            rows.append(
                {
                    "customer_id": cid,
                    "plan": rng.choice(["basic", "plus", "pro"]),
                    "region": rng.choice(["north", "south", "west"]),
                    "valid_from": start + pd.Timedelta(days=200 * v),
                    "valid_to": pd.NaT if v == versions - 1 else start + pd.Timedelta(days=200 * (v + 1)),
                }
            )
    return pd.DataFrame(rows)


def orders(n, n_customers, seed):
    rng = np.random.default_rng(seed + 1)
    return pd.DataFrame({"order_id": np.arange(n), "customer_id": rng.integers(1000, 1000 + n_customers, n), "amount": rng.gamma(2.0, 30.0, n).round(2)})


def enrich_orders(orders_df, customers):
    if VARIANT == 3:
        return orders_df.join(customers.set_index("customer_id"), on="customer_id", validate="many_to_one")
    return orders_df.merge(customers, on="customer_id", how="left", validate="m:1" if VARIANT == 1 else "many_to_one")


def main():
    n_customers = {0: 300, 1: 1200, 2: 500, 3: 800}[VARIANT]
    customers = crm_export(n_customers, VARIANT)
    if VARIANT == 1:
        customers.to_csv("dim_customer.csv", index=False)
        customers = pd.read_csv("dim_customer.csv", parse_dates=["valid_from", "valid_to"])
        print(f"dim_customer: {len(customers)} rows")
    if VARIANT == 3:
        for month in ("2024-03", "2024-04", "2024-05"):
            print(f"[{month}] orders loaded")
    enriched = enrich_orders(orders({0: 2000, 1: 9000, 2: 3000, 3: 5000}[VARIANT], n_customers, VARIANT), customers)
    print(enriched.groupby("plan")["amount"].sum())


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s revenue_by_plan: %(message)s")
        logging.info("joining orders with dim_customer")
        try:
            main()
        except Exception:
            logging.exception("revenue by plan failed")
            sys.exit(1)
    else:
        main()
